import { activityExport } from "@/lib/portal/activity-export";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { route } from "@/lib/server/platform/http";

/** CSV of the company's activity log with the page's filters, for its administrators. */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/settings/activity/export");
  return activityExport(request, { accountId: auth.accountId });
});
