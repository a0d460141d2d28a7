import type { ReactNode } from "react";

import { Card } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { ecfTypeName, isEcfType } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import { ReasonFacts } from "@/components/voids/void-reason";
import type { Locale } from "@/lib/domain/locale";
import type { VoidReason } from "@/lib/domain/void-reasons";
import { format, formatNumber, getDictionary, plural } from "@/lib/i18n";
import type { VoidRecordResponse } from "@/lib/schemas/void-ncf-responses";

import { PrintButton } from "./print-button";
import styles from "./void-receipt.module.css";

/** Rows listed per type on the page and on paper; the rest are in the record's ranges CSV. */
const MAX_ROWS = 200;

type ReceiptVoid = Pick<
  VoidRecordResponse,
  | "voidId"
  | "status"
  | "environment"
  | "fechaHoraAnulacion"
  | "totalVoided"
  | "ranges"
  | "createdAt"
  | "createdBy"
> & { reason?: VoidReason | null };

interface VoidReceiptProps {
  /** Only what DGII voided: an Aceptado record (of a partial success, its voided part). */
  record: ReceiptVoid;
  company: { name: string; rnc: string };
  statusLabel: string;
  locale: Locale;
  /** A partial success: how many numbers DGII excepted (not voided), said on paper too. */
  totalExcepted?: number;
  /** What the page shows between the paper's header and the print button; by default the ranges per type. */
  children?: ReactNode;
}

/**
 * The voided ranges per type, and the paper a clerk files: printing the result page (its print
 * stylesheet hides the portal's menus) gives company, RNC, environment, void number, dates, who sent
 * it, the ranges and totals, with DGII's answer from the page's own card.
 */
export function VoidReceipt({
  record,
  company,
  statusLabel,
  locale,
  totalExcepted,
  children,
}: VoidReceiptProps) {
  const dictionary = getDictionary(locale);
  const t = dictionary.voidTool.result;
  const r = dictionary.voidTool.receipt;
  const n = (value: number) => formatNumber(value, locale);
  return (
    // One element around what prints (its stylesheet leaves everything else off the paper).
    <div className={styles.receipt} data-testid="void-receipt-paper">
      <section className={styles.printOnly} data-testid="void-receipt">
        <h2>{r.title}</h2>
        <dl className="dl">
          <dt>{r.company}</dt>
          <dd>{company.name}</dd>
          <dt>{r.rnc}</dt>
          <dd className="mono">{company.rnc}</dd>
          <dt>{r.environment}</dt>
          <dd>{dictionary.environments[record.environment]}</dd>
          <dt>{r.voidId}</dt>
          <dd className="mono">{record.voidId}</dd>
          <dt>{r.status}</dt>
          <dd>{statusLabel}</dd>
          <dt>{r.fecha}</dt>
          <dd className="mono">{record.fechaHoraAnulacion}</dd>
          <dt>{r.recordedAt}</dt>
          <dd className="mono">{formatFechaHora(record.createdAt)}</dd>
          <dt>{r.sentBy}</dt>
          <dd>{record.createdBy ?? ""}</dd>
          <ReasonFacts reason={record.reason} t={dictionary.voidReasons} />
          <dt>{r.total}</dt>
          <dd>{n(record.totalVoided)}</dd>
          {totalExcepted ? (
            <>
              <dt>{r.excepted}</dt>
              <dd>{n(totalExcepted)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {children ?? (
        <Card title={t.rangesTitle} data-testid="void-result-ranges">
          <RangesByType ranges={record.ranges} locale={locale} />
        </Card>
      )}
      <div className={styles.noPrint}>
        <PrintButton label={t.print} />
      </div>
    </div>
  );
}

/** The ranges grouped by type, one table each with its subtotal (the first MAX_ROWS of each type). */
export function RangesByType({ ranges: all, locale }: { ranges: ReceiptVoid["ranges"]; locale: Locale }) {
  const t = getDictionary(locale).voidTool.result;
  const n = (value: number) => formatNumber(value, locale);
  const byType = new Map<string, ReceiptVoid["ranges"]>();
  for (const range of all) {
    const list = byType.get(range.tipoeCF);
    if (list) list.push(range);
    else byType.set(range.tipoeCF, [range]);
  }
  return (
    <>
      {[...byType.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([tipo, ranges]) => (
          <section key={tipo} data-tipo={tipo}>
            <h3 className={styles.typeHeading}>
              {format(t.typeHeading, { tipo, name: isEcfType(tipo) ? ecfTypeName(tipo, locale) : "" })}
            </h3>
            <Table compact>
              <thead>
                <tr>
                  <th scope="col">{t.desde}</th>
                  <th scope="col">{t.hasta}</th>
                  <th scope="col" className="num">
                    {t.count}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ranges.slice(0, MAX_ROWS).map((range) => (
                  <tr key={`${range.secuenciaDesde}-${range.secuenciaHasta}`}>
                    <td className="mono">{range.secuenciaDesde}</td>
                    <td className="mono">{range.secuenciaHasta}</td>
                    <td className="num">{n(range.cantidad)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    {t.typeTotal}
                  </th>
                  <td className="num">{n(ranges.reduce((sum, range) => sum + range.cantidad, 0))}</td>
                </tr>
              </tfoot>
            </Table>
            {ranges.length > MAX_ROWS ? (
              <p className="muted">{plural(t.moreRanges, ranges.length - MAX_ROWS, locale)}</p>
            ) : null}
          </section>
        ))}
    </>
  );
}
