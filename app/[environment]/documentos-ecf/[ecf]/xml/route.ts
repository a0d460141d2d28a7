import { AppError } from "@/lib/errors";
import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { findIssuedXml } from "@/lib/server/issuing";
import { requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string; ecf: string }> };

/** Extension: the signed e-CF exactly as issued (the document record's `signedXml` points here). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/documentos-ecf/[ecf]/xml");
  await requireApiKey(request, auth, environment);
  const { ecf } = await params;
  const xml = await findIssuedXml(auth.accountId, environment, ecf);
  if (xml === null) {
    throw new AppError("DOCUMENT_NOT_FOUND", `No hay un e-CF firmado con el e-NCF ${ecf} en ${environment}.`);
  }
  return new Response(xml, {
    status: 200,
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${auth.rnc}${ecf.replace(/[^A-Za-z0-9]/g, "")}.xml"`,
    },
  });
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
