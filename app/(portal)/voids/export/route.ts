import { formatFechaHora } from "@/lib/domain/fecha";
import { getDictionary } from "@/lib/i18n";
import { voidCsvHeader, voidCsvRows } from "@/lib/portal/void-csv";
import { readVoidFilters } from "@/lib/portal/void-filters";
import { loadVoidPage } from "@/lib/portal/void-history";
import { statusFactsOf } from "@/lib/portal/void-settlement";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { AppError } from "@/lib/errors";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { route } from "@/lib/server/platform/http";
import { csvResponse, type CsvRow } from "@/lib/server/platform/http/csv";

const CSV_PAGE = 100;

/**
 * CSV of the history with the page's filters (all pages, not only the one on screen), streamed
 * page by page with the API's cursor so a long history never sits in memory.
 */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/voids/export");
  const { environment, locale } = await getPortalPreferences();
  const t = getDictionary(locale);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filters = { ...readVoidFilters(params, environment), cursor: undefined };
  // The first page is read before answering, so a bad filter is a 400, not a broken download.
  const first = await loadVoidPage(auth.accountId, filters, CSV_PAGE);
  if (!first.ok) throw new AppError("INVALID_PARAMETER", first.message);
  const firstPage = first;
  async function* rows(): AsyncGenerator<CsvRow> {
    let page = firstPage;
    for (;;) {
      const settled = await statusFactsOf(
        auth.accountId,
        page.items.map((item) => item.voidId),
      );
      for (const item of page.items) yield* voidCsvRows(item, t, settled.get(item.voidId));
      if (!page.nextToken) return;
      const next = await loadVoidPage(auth.accountId, { ...filters, cursor: page.nextToken }, CSV_PAGE);
      // Our own cursor refused: abort the download (the browser shows it failed), never a short file.
      if (!next.ok) throw new AppError("INVALID_PARAMETER", next.message);
      page = next;
    }
  }
  const day = formatFechaHora(Date.now()).slice(0, 10);
  return csvResponse({
    fileName: `anulaciones-${filters.environment}-${day}.csv`,
    header: voidCsvHeader(t.finding.csv, t.voidReasons.csv),
    rows: rows(),
  });
});
