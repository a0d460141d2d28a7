import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { getYearEndClose } from "@/lib/server/year-end-close";

type Context = { params: Promise<{ environment: string; closeId: string }> };

/**
 * Extension: one year-end close with its companies (the organization's administrators see all;
 * anyone else the companies they hold a role in), progress and summary.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/organizacion/cierres-de-ano/[closeId]");
  const { closeId } = await params;
  return json(await getYearEndClose(auth, closeId, environment));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
