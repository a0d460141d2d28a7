import Link from "next/link";

import { Banner } from "@/components/ui/banner";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, cardClass } from "@/components/ui/card";
import { DayField } from "@/components/ui/day-field";
import { InputField, SelectField } from "@/components/ui/field";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { DOCUMENT_STATUSES } from "@/lib/domain/dgii-submissions";
import { ECF_TYPE_CODES, ecfTypeLabel } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { format, formatCurrency, plural, type Dictionary } from "@/lib/i18n";
import { documentStatusLabel } from "@/lib/i18n/document-status";
import {
  documentListQuery,
  type DocumentListFilters,
  type DocumentListItem,
} from "@/lib/schemas/documents-list";
import { DOCUMENT_SOURCES } from "@/lib/schemas/documents-query";

import { DeadlineNote, type DeadlineView } from "./deadline-note";

export interface DocumentListProps {
  /** The filters as read from the URL (a malformed URL shows them empty and says why). */
  filters: DocumentListFilters;
  items: DocumentListItem[];
  nextCursor?: string;
  /** The filters' problem in words, when the URL held an invalid one. */
  invalid: string | null;
  environmentLabel: string;
  /** e-CF signed here and not yet received by DGII, by e-NCF: their time left. */
  deadlines?: Record<string, DeadlineView>;
  t: Dictionary;
  locale: Locale;
}

/**
 * "Documentos de la empresa": every e-CF the company holds in the environment, with plain GET
 * filters (in the URL, shareable, no JavaScript needed), keyset pages and the CSV and Excel exports
 * of the same selection.
 */
export function DocumentList({
  filters,
  items,
  nextCursor,
  invalid,
  environmentLabel,
  deadlines,
  t,
  locale,
}: DocumentListProps) {
  const l = t.documentList;
  const query = documentListQuery(filters);
  return (
    <Card title={l.title} data-testid="document-list">
      <p className="muted">{format(l.intro, { environment: environmentLabel })}</p>
      <form method="get" action="/documents" className={cardClass} aria-label={l.filters}>
        <div className="row">
          <SelectField
            label={l.tipo}
            name="tipo"
            defaultValue={filters.tipo ?? ""}
            options={[
              { value: "", label: l.anyTipo },
              ...ECF_TYPE_CODES.map((code) => ({ value: code, label: ecfTypeLabel(code, locale) })),
            ]}
          />
          <SelectField
            label={l.status}
            name="status"
            defaultValue={filters.status ?? ""}
            options={[
              { value: "", label: l.anyStatus },
              ...DOCUMENT_STATUSES.map((status) => ({
                value: status,
                label: documentStatusLabel(t.status, status),
              })),
            ]}
          />
          <SelectField
            label={l.source}
            name="source"
            defaultValue={filters.source ?? ""}
            options={[
              { value: "", label: l.anySource },
              ...DOCUMENT_SOURCES.map((source) => ({ value: source, label: t.documents.sources[source] })),
            ]}
          />
          <DayField
            label={l.from}
            name="from"
            format={t.common.dayFormat}
            defaultValue={filters.from ?? ""}
          />
          <DayField label={l.to} name="to" format={t.common.dayFormat} defaultValue={filters.to ?? ""} />
          <InputField
            label={l.buyer}
            name="buyer"
            defaultValue={filters.buyer ?? ""}
            inputMode="numeric"
            maxLength={11}
            autoComplete="off"
          />
          <Button type="submit">{l.apply}</Button>
          <ButtonLink href="/documents" plain>
            {l.clear}
          </ButtonLink>
        </div>
      </form>
      {invalid ? (
        <Banner tone="danger" role="alert" testId="document-list-invalid">
          <p>{format(l.invalidFilter, { message: invalid })}</p>
        </Banner>
      ) : null}
      <div className="row">
        {(["csv", "xlsx"] as const).map((format) => (
          <ButtonLink
            key={format}
            href={`/documents/list-export?${query}${query ? "&" : ""}format=${format}`}
            plain
            download
            small
            data-testid={`documents-export-${format}`}
          >
            {format === "csv" ? l.exportCsv : l.exportXlsx}
          </ButtonLink>
        ))}
      </div>
      <Table
        caption={format(l.caption, { environment: environmentLabel })}
        data-testid="document-table"
        cards
      >
        <thead>
          <tr>
            <th scope="col">{l.columns.ncf}</th>
            <th scope="col">{l.columns.status}</th>
            <th scope="col">{l.columns.tipo}</th>
            <th scope="col">{l.columns.source}</th>
            <th scope="col">{l.columns.buyer}</th>
            <th scope="col" className="num">
              {l.columns.amount}
            </th>
            <th scope="col">{l.columns.createdAt}</th>
            <th scope="col">{l.columns.verdictAt}</th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={8}>{l.empty}</td>
            </tr>
          ) : (
            items.map((item) => (
              <tr key={item.ncf} data-testid="document-row" data-ecf={item.ncf}>
                <td className="mono" data-label={l.columns.ncf} data-card="first">
                  <Link href={`/documents/${item.ncf}`} aria-label={format(l.open, { ncf: item.ncf })}>
                    {item.ncf}
                  </Link>
                </td>
                <td data-label={l.columns.status}>
                  <StatusBadge status={item.status} label={documentStatusLabel(t.status, item.status)} />
                  {item.inReview ? <span className="muted"> · {l.inReview}</span> : null}
                  {deadlines?.[item.ncf] ? (
                    <DeadlineNote deadline={deadlines[item.ncf]!} t={t.contingency.deadline} />
                  ) : null}
                </td>
                <td data-label={l.columns.tipo}>{ecfTypeLabel(item.tipo, locale)}</td>
                {/* On a phone the compact row leaves the source out: the document's page shows it. */}
                <td data-label={l.columns.source} data-card="secondary">
                  {t.documents.sources[item.source]}
                </td>
                <td className="mono" data-label={l.columns.buyer}>
                  {item.buyerRnc ?? ""}
                </td>
                <td className="num" data-label={l.columns.amount}>
                  {item.invoiceTotal === null ? "" : formatCurrency(item.invoiceTotal, locale)}
                </td>
                <td className="mono" data-label={l.columns.createdAt}>
                  {formatFechaHora(item.createdAt)}
                </td>
                <td className="mono" data-label={l.columns.verdictAt}>
                  {item.verdictAt === null ? l.noVerdict : formatFechaHora(item.verdictAt)}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <nav className="row row-centered spaced" aria-label={l.pagination}>
        {items.length > 0 ? <span className="muted">{plural(l.pageInfo, items.length, locale)}</span> : null}
        {filters.cursor ? (
          <ButtonLink href={`/documents?${query}`} small>
            {l.firstPage}
          </ButtonLink>
        ) : null}
        {nextCursor ? (
          <ButtonLink
            href={`/documents?${documentListQuery(filters, nextCursor)}`}
            small
            rel="next"
            data-testid="documents-next-page"
          >
            {l.nextPage}
          </ButtonLink>
        ) : null}
      </nav>
    </Card>
  );
}
