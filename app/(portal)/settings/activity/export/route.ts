import { formatFechaHora } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { activityRowText, readActivityPageFilters, toActivityFilters } from "@/lib/portal/activity-view";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { activityCsv } from "@/lib/server/activity/activity-csv";
import { requirePortalAuth } from "@/lib/server/auth/next-auth-options";
import { route } from "@/lib/server/http";

/**
 * CSV of the company's activity log with the page's filters (every page, streamed page by page),
 * for its administrators. Cells are neutralised against formula injection (csv.ts).
 */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/settings/activity/export");
  const { locale } = await getPortalPreferences();
  const t = getDictionary(locale).activity;
  const filters = readActivityPageFilters(Object.fromEntries(new URL(request.url).searchParams));
  const query = toActivityFilters(filters);
  if (!query) throw new AppError("INVALID_PARAMETER", "Las fechas deben ser días válidos (aaaa-mm-dd).");
  const day = formatFechaHora(Date.now()).slice(0, 10);
  return activityCsv({
    scope: { accountId: auth.accountId },
    filters: query,
    fileName: `${t.csv.fileName}-${day}.csv`,
    header: t.csv.header,
    row: (entry) => {
      const text = activityRowText(entry, t);
      return [
        text.when,
        text.action,
        text.code,
        text.actor,
        text.actorType,
        text.actorId,
        text.subject,
        text.subjectId,
        text.environment,
        text.ip,
        text.details,
      ];
    },
  });
});
