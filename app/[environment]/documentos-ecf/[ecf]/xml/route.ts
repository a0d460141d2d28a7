import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { signedXmlResponse } from "@/lib/server/issuing";
import { requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string; ecf: string }> };

/**
 * Extension: the signed e-CF exactly as issued (the document record's `signedXml` points here); with
 * `?summary=true`, the signed summary (RFCE) DGII received for a type 32 under RD$250,000 (the
 * record's `summarySignedXml` points there).
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/documentos-ecf/[ecf]/xml");
  await requireApiKey(request, auth, environment);
  const { ecf } = await params;
  return signedXmlResponse(auth, environment, ecf, new URL(request.url).searchParams);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
