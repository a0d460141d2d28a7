import { isEnvironment } from "@/lib/domain/environments";
import { normalizeDay } from "@/lib/domain/fecha";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { auditPackResponse } from "@/lib/server/audit/audit-pack-response";
import { route } from "@/lib/server/platform/http";

/** The Auditoría page's download: the same pack as the API's, for the session's company. */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/audit/export");
  const query = new URL(request.url).searchParams;
  const asked = query.get("environment") ?? "";
  const environment = isEnvironment(asked) ? asked : (await getPortalPreferences()).environment;
  // The form's days are typed dd-mm-aaaa; the pack (the API's) reads yyyy-MM-dd.
  const day = (name: string) => normalizeDay(query.get(name) ?? undefined) ?? null;
  return auditPackResponse(request, auth, environment, { from: day("from"), to: day("to") });
});
