import { requireBearer } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { createAuthorization, listAuthorizations } from "@/lib/server/ledger";

type Context = { params: Promise<{ environment: string }> };

/** Extension: the e-NCF ranges DGII authorized to the company, as entered (every role reads). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/secuencias/autorizaciones");
  return json(await listAuthorizations(auth.accountId, environment));
});

/** Extension: enter one authorization (administrators): 201, or 409 AUTHORIZATION_OVERLAP. */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/secuencias/autorizaciones");
  const body = await readJsonBody(request, { maxBytes: 16 * 1024 });
  const created = await createAuthorization({
    accountId: auth.accountId,
    environment,
    body,
    createdBy: auth.principal === "service" ? auth.actor : `${auth.actor} (API)`,
  });
  return json(created, 201);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
