import { requireBearer } from "@/lib/server/auth";
import { getIssuerCertification, setIssuerCertification } from "@/lib/server/issuing";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/**
 * Extension: whether DGII certified the company as an electronic issuer, as an administrator
 * recorded it. Issuing in eCF (production) needs it; the record belongs to the company, so every
 * environment's path reads and writes the same one.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/emisor/certificacion");
  const certification = await getIssuerCertification(auth.accountId);
  return json(viewOf(certification));
});

/** Records that DGII certified the company (an administrator's statement; DGII offers no service to ask). */
export const PUT = route(async (request: Request, { params }: Context) => {
  await requireEnvironment(params);
  const auth = await requireBearer(request, "PUT /[environment]/emisor/certificacion");
  await setIssuerCertification(auth.accountId, { at: Date.now(), by: auth.actor });
  return json(viewOf(await getIssuerCertification(auth.accountId)));
});

/** Withdraws the record: eCF issuing stops until it is recorded again. */
export const DELETE = route(async (request: Request, { params }: Context) => {
  await requireEnvironment(params);
  const auth = await requireBearer(request, "DELETE /[environment]/emisor/certificacion");
  await setIssuerCertification(auth.accountId, null);
  return json(viewOf(null));
});

function viewOf(certification: { at: number; by: string | null } | null) {
  return certification
    ? { certified: true, certifiedAt: certification.at, certifiedBy: certification.by }
    : { certified: false, certifiedAt: null, certifiedBy: null };
}

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PATCH, OPTIONS } = methodsNotAllowed("GET", "PUT", "DELETE");
