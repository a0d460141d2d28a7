import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { readOptionalJsonBody } from "@/lib/server/platform/http/read-json-body";
import { startYearEndClose } from "@/lib/server/year-end-close";

type Context = { params: Promise<{ environment: string; closeId: string }> };

/**
 * Extension: starts the sends of a year-end close whose companies are all decided (the
 * organization's administrators); the worker sends one company at a time. Takes no fields.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(
    request,
    "POST /[environment]/organizacion/cierres-de-ano/[closeId]/iniciar",
  );
  await readOptionalJsonBody(request, { maxBytes: 16 * 1024 });
  const { closeId } = await params;
  return json(await startYearEndClose(auth, environment, closeId));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
