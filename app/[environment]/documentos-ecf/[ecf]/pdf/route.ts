import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { pdfResponse, printLayoutParameter, renderIssuedPdf } from "@/lib/server/issuing";
import { requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string; ecf: string }> };

/**
 * Extension: the printed representation (RI) of an e-CF whose signed XML is stored here, as a PDF:
 * `?layout=letter` (default) or `?layout=receipt` (80 mm roll). Printed from the signed XML, with a
 * legend while DGII's verdict is pending and "SIN VALIDEZ FISCAL" once rejected.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/documentos-ecf/[ecf]/pdf");
  await requireApiKey(request, auth, environment);
  const { ecf } = await params;
  const layout = printLayoutParameter(new URL(request.url).searchParams);
  return pdfResponse(await renderIssuedPdf(auth.accountId, environment, ecf, layout));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
