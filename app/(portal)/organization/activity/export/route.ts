import { activityExport } from "@/lib/portal/activity-export";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { route } from "@/lib/server/platform/http";

/**
 * CSV of the organization-level activity log (entries of no one company) with the page's filters,
 * for the organization's administrators.
 */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/organization/activity/export");
  return activityExport(request, { organizationId: auth.organizationId });
});
