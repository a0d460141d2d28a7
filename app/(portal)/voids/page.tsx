import type { Metadata } from "next";

import { VoidHistoryTable, type VoidHistoryRow } from "@/components/voids/void-history-table";
import { VoidFiltersForm } from "@/components/voids/void-filters-form";
import { reasonLabel } from "@/components/voids/void-reason";
import { VoidSearch, type VoidSearchResult } from "@/components/voids/void-search";
import { Banner } from "@/components/ui/banner";
import { ButtonLink } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format, formatNumber, plural } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { isAppError } from "@/lib/errors";
import { findVoidsCovering } from "@/lib/server/voids/find-voids-covering";
import { MAX_COVERING_CANDIDATES } from "@/lib/server/voids/void-repository";
import type { Dictionary } from "@/lib/i18n";
import type { Locale } from "@/lib/domain/locale";
import type { Environment } from "@/lib/domain/environments";
import { voidStatusLabel } from "@/lib/i18n/void-status";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { nextPageQuery, previousPageQuery, readVoidFilters, toPageQuery } from "@/lib/portal/void-filters";
import { loadVoidPage, rangesSummary, typesOf } from "@/lib/portal/void-history";
import { statusFactsOf } from "@/lib/portal/void-settlement";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.voids.title);
}

const PAGE_SIZE = 25;

/** The e-NCF search's answer in the page's words; a malformed e-NCF is said in the field. */
async function searchByEncf(
  accountId: string,
  environment: Environment,
  encf: string,
  t: Dictionary,
  locale: Locale,
): Promise<VoidSearchResult> {
  try {
    const answer = await findVoidsCovering(accountId, environment, encf);
    const found = answer.voids.length;
    const settled = await statusFactsOf(
      accountId,
      answer.voids.map((hit) => hit.voidId),
    );
    return {
      kind: "hits",
      encf: answer.encf,
      voided: answer.voids.some((hit) => hit.status === "Aceptado" && !hit.excepted),
      summary:
        found === 0
          ? format(t.finding.search.none, { encf: answer.encf, environment })
          : plural(t.finding.search.found, found, locale, { encf: answer.encf, environment }),
      truncated: answer.truncated
        ? plural(t.finding.search.truncated, MAX_COVERING_CANDIDATES, locale)
        : null,
      hits: answer.voids.map((hit) => ({
        voidId: hit.voidId,
        status: hit.status,
        statusLabel: voidStatusLabel(t.voidStatus, hit.status, {
          errorCode: hit.errorCode,
          partial: hit.partial,
          settledBy: settled.get(hit.voidId)?.settledBy,
          needsReview: settled.get(hit.voidId)?.needsReview,
        }),
        fecha: formatFechaHora(hit.createdAt),
        range: `${hit.secuenciaDesde} – ${hit.secuenciaHasta}`,
        excepted: hit.excepted,
        href: `/voids/${hit.voidId}?env=${environment}`,
      })),
    };
  } catch (error) {
    if (isAppError(error) && error.status === 400)
      return { kind: "invalid", message: errorMessage(error, locale) };
    throw error;
  }
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Historial de anulaciones: server-side filters and the API's cursor, in the URL. */
export default async function VoidHistoryPage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const filters = readVoidFilters(await searchParams, environment);
  const page = await loadVoidPage(auth.accountId, filters, PAGE_SIZE);
  const search = filters.encf
    ? await searchByEncf(auth.accountId, filters.environment, filters.encf, t, locale)
    : null;
  const previous = previousPageQuery(filters);
  const settled = await statusFactsOf(auth.accountId, page.ok ? page.items.map((item) => item.voidId) : []);
  const rows: VoidHistoryRow[] = page.ok
    ? page.items.map((item) => ({
        voidId: item.voidId,
        fecha: formatFechaHora(item.createdAt),
        status: item.status,
        statusLabel: voidStatusLabel(t.voidStatus, item.status, {
          errorCode: item.errorCode,
          partial: !!item.excepted,
          settledBy: settled.get(item.voidId)?.settledBy,
          needsReview: settled.get(item.voidId)?.needsReview,
        }),
        total: formatNumber(item.totalVoided, locale),
        tipos: typesOf(item),
        reason: reasonLabel(item.reason, t.voidReasons),
        reasonCode: item.reason?.code ?? null,
        reasonText: item.reason?.text ?? null,
        ranges: rangesSummary(item, (count) => plural(t.finding.moreRanges, count, locale)),
        fileName: item.fileName,
        detailHref: `/voids/${item.voidId}?env=${item.environment}`,
        xmlHref: `/voids/${item.voidId}/xml?env=${item.environment}`,
      }))
    : [];
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t.voids.title}</h1>
          <p className="muted">{t.voids.intro}</p>
        </div>
        <div className="row">
          <ButtonLink href="/voids/pending" data-testid="pending-link">
            {t.voidSettle.queue.fromHistory}
          </ButtonLink>
          <ButtonLink href={`/voids/export?${toPageQuery(filters)}`} plain download data-testid="export-csv">
            {t.voids.exportCsv}
          </ButtonLink>
        </div>
      </div>
      <VoidSearch
        encf={filters.encf ?? ""}
        environment={filters.environment}
        result={search}
        t={t.finding.search}
        copy={{ label: t.finding.copy, copied: t.finding.copied }}
      />
      <VoidFiltersForm
        filters={filters}
        t={{
          ...t.voids,
          environment: t.common.environment,
          clear: t.common.clear,
          dayFormat: t.common.dayFormat,
        }}
        statusLabels={t.voidStatus.labels}
        reasons={t.voidReasons}
        environmentLabels={t.environments}
      />
      {page.ok ? null : (
        <Banner tone="danger" role="alert">
          <p>
            {format(t.voids.invalidFilter, { message: t.appErrors[page.code] ?? errorMessage(page, locale) })}
          </p>
        </Banner>
      )}
      <VoidHistoryTable
        rows={rows}
        caption={format(t.voids.tableCaption, { environment: filters.environment })}
        headers={{ ...t.voids.columns, motivo: t.voidReasons.history.column, rangos: t.finding.rangesColumn }}
        copy={{ label: t.finding.copy, copied: t.finding.copied }}
        empty={t.voids.empty}
      />
      <Pager
        label={t.voids.pagination}
        statusTestId="page-range"
        status={
          page.ok && page.total > 0
            ? plural(t.voids.pageRange, page.total, locale, {
                from: formatNumber(page.before + 1, locale),
                to: formatNumber(page.before + rows.length, locale),
              })
            : null
        }
        first={filters.cursor ? { href: `/voids?${toPageQuery(filters)}`, label: t.voids.firstPage } : null}
        previous={
          previous !== null
            ? { href: `/voids?${previous}`, label: t.voids.previousPage, testId: "previous-page" }
            : null
        }
        next={
          page.ok && page.nextToken
            ? { href: `/voids?${nextPageQuery(filters, page.nextToken)}`, label: t.voids.nextPage }
            : null
        }
      />
    </>
  );
}
