import { getPortalPreferences } from "@/lib/portal/preferences";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { pdfResponse, printLayoutParameter, renderIssuedPdf } from "@/lib/server/issuing";
import { route } from "@/lib/server/platform/http";

type Context = { params: Promise<{ ecf: string }> };

/** The printed representation (RI) of an e-CF, as the API serves it, in the session's environment. */
export const GET = route(async (request: Request, { params }: Context) => {
  const auth = await requirePortalAuth("GET /(portal)/documents/[ecf]/pdf");
  const { environment } = await getPortalPreferences();
  const { ecf } = await params;
  const layout = printLayoutParameter(new URL(request.url).searchParams);
  return pdfResponse(await renderIssuedPdf(auth.accountId, environment, ecf, layout));
});
