import { parseSecurityCodeParameter } from "@/lib/schemas/documents-query";
import { parseRemedyPath } from "@/lib/schemas/remedy";
import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { findRemedy } from "@/lib/server/remedy";

type Context = { params: Promise<{ environment: string; encf: string }> };

/**
 * Extension: what to do with one e-NCF — void it, credit it, issue the sale again, wait, or nothing
 * (already voided) — from the ledger and, when Anula does not know the number, from DGII (Bearer idToken).
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/secuencias/[encf]/remedio");
  const encf = parseRemedyPath(await params);
  const securityCode = parseSecurityCodeParameter(new URL(request.url).searchParams);
  return json(
    await findRemedy({ accountId: auth.accountId, rnc: auth.rnc, environment, encf, securityCode }),
  );
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
