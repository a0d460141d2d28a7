import "server-only";

import { formatFechaHora } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { activityCsv } from "@/lib/server/platform/activity/activity-csv";
import type { ActivityScope } from "@/lib/server/platform/activity/list-activity";

import { activityRowText, readActivityPageFilters, toActivityFilters } from "./activity-view";
import { getPortalPreferences } from "./preferences";

/**
 * The activity log's CSV with the page's filters (every page, streamed page by page), in the
 * portal's language: one body for the company's log (Configuración → Actividad) and the
 * organization's (entries of no one company). The route authorizes and picks the scope; cells are
 * neutralised against formula injection (csv.ts).
 */
export async function activityExport(request: Request, scope: ActivityScope): Promise<Response> {
  const { locale } = await getPortalPreferences();
  const t = getDictionary(locale).activity;
  const filters = readActivityPageFilters(Object.fromEntries(new URL(request.url).searchParams));
  const query = toActivityFilters(filters);
  if (!query) throw new AppError("INVALID_PARAMETER", "Las fechas deben ser días válidos (aaaa-mm-dd).");
  const day = formatFechaHora(Date.now()).slice(0, 10);
  return activityCsv({
    scope,
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
}
