import { AppError } from "@/lib/errors";
import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { findIssuedSummaryXml, findIssuedXml } from "@/lib/server/issuing";
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
  const summary = summaryParameter(new URL(request.url).searchParams);
  const xml = summary
    ? await findIssuedSummaryXml(auth.accountId, environment, ecf)
    : await findIssuedXml(auth.accountId, environment, ecf);
  if (xml === null) {
    throw new AppError(
      "DOCUMENT_NOT_FOUND",
      summary
        ? `No hay un resumen (RFCE) firmado del e-NCF ${ecf} en ${environment}: solo una factura de consumo menor de RD$250,000 emitida aquí lo tiene.`
        : `No hay un e-CF firmado con el e-NCF ${ecf} en ${environment}.`,
    );
  }
  return new Response(xml, {
    status: 200,
    headers: {
      "content-type": "application/xml; charset=utf-8",
      // DGII's file name, the summary's as the e-CF's: RNCEmisor + e-NCF.
      "content-disposition": `attachment; filename="${auth.rnc}${ecf.replace(/[^A-Za-z0-9]/g, "")}.xml"`,
    },
  });
});

function summaryParameter(query: URLSearchParams): boolean {
  const value = query.get("summary");
  if (value === null || value === "false") return false;
  if (value === "true") return true;
  throw new AppError("INVALID_PARAMETER", "summary debe ser true o false.", {
    extra: { parameter: "summary" },
  });
}

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
