import { requireBearer } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { createYearEndClose, listYearEndCloses } from "@/lib/server/year-end-close";

type Context = { params: Promise<{ environment: string }> };

/** Extension: the year-end closes of the caller's organization in this environment, newest first. */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/organizacion/cierres-de-ano");
  return json({ items: await listYearEndCloses(auth, environment) });
});

/**
 * Extension: a new year-end close across the organization's companies ({ year, includeSkipped? }),
 * for its administrators: answered with each company's proposal and state (201).
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/organizacion/cierres-de-ano");
  const body = await readJsonBody(request);
  return json(await createYearEndClose(auth, environment, body), 201);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
