import { formatFechaHora } from "@/lib/domain/fecha";
import { CSV_BOM, csvLine } from "@/lib/portal/csv";
import { readVoidFilters } from "@/lib/portal/void-filters";
import { loadVoidPage, typesOf, type VoidListItem } from "@/lib/portal/void-history";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { AppError } from "@/lib/errors";
import { requirePortalAuth } from "@/lib/server/auth";
import { route } from "@/lib/server/http";

const CSV_PAGE = 100;

const HEADER = [
  "fecha",
  "voidId",
  "estado",
  "ambiente",
  "fechaHoraAnulacion",
  "totalVoided",
  "tipos",
  "rangos",
  "archivo",
  "taxauthCode",
  "taxauthName",
  "taxauthResponse",
  "errorCode",
  "createdBy",
];

function row(item: VoidListItem): string {
  return csvLine([
    formatFechaHora(item.createdAt),
    item.voidId,
    item.status,
    item.environment,
    item.fechaHoraAnulacion,
    item.totalVoided,
    typesOf(item),
    item.ranges.map((range) => `${range.secuenciaDesde}-${range.secuenciaHasta}`).join(" "),
    item.fileName,
    item.taxauthCode,
    item.taxauthName,
    item.taxauthResponse.join(" | "),
    item.errorCode ?? null,
    item.createdBy,
  ]);
}

/**
 * CSV of the history with the page's filters (all pages, not only the one on screen), streamed
 * page by page with the API's cursor so a long history never sits in memory.
 */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/voids/export");
  const { environment } = await getPortalPreferences();
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filters = { ...readVoidFilters(params, environment), cursor: undefined };
  // The first page is read before answering, so a bad filter is a 400, not a broken download.
  const first = await loadVoidPage(auth.accountId, filters, CSV_PAGE);
  if (!first.ok) throw new AppError("INVALID_PARAMETER", first.message);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADER)));
      let page = first;
      try {
        for (;;) {
          controller.enqueue(encoder.encode(page.items.map(row).join("")));
          if (!page.nextToken) break;
          const next = await loadVoidPage(auth.accountId, { ...filters, cursor: page.nextToken }, CSV_PAGE);
          if (!next.ok) break;
          page = next;
        }
        controller.close();
      } catch (error) {
        // A failure mid-download aborts it (the browser shows it failed) rather than a silently short file.
        controller.error(error);
      }
    },
  });
  const day = formatFechaHora(Date.now()).slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="anulaciones-${filters.environment}-${day}.csv"`,
      "cache-control": "private, no-store",
    },
  });
});
