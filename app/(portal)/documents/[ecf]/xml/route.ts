import { getPortalPreferences } from "@/lib/portal/preferences";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { signedXmlResponse } from "@/lib/server/issuing";
import { route } from "@/lib/server/platform/http";

type Context = { params: Promise<{ ecf: string }> };

/** The signed e-CF (or with ?summary=true its RFCE), as the API serves it, in the session's environment. */
export const GET = route(async (request: Request, { params }: Context) => {
  const auth = await requirePortalAuth("GET /(portal)/documents/[ecf]/xml");
  const { environment } = await getPortalPreferences();
  const { ecf } = await params;
  return signedXmlResponse(auth, environment, ecf, new URL(request.url).searchParams);
});
