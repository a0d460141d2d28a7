import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { ecfTypeName, isEcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, type Dictionary } from "@/lib/i18n";

interface ShownRange {
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
}

/** How many ranges a card lists; the rest is in the CSV download of the detail page. */
const SHOWN_RANGES = 1_000;

/** The void tool with a draft of these excepted ranges (read back from the record on the server). */
export function prepareExceptedHref(voidId: string, environment: Environment): string {
  return `/tools/void-encf?exceptedOf=${encodeURIComponent(voidId)}&env=${environment}`;
}

/** A table of ranges: type, from, to, count. */
export function RangesTable({
  ranges,
  t,
  locale,
  testId,
}: {
  ranges: readonly ShownRange[];
  t: Dictionary["voidDetail"];
  locale: Locale;
  testId?: string;
}) {
  return (
    <Table data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t.tipo}</th>
          <th scope="col">{t.desde}</th>
          <th scope="col">{t.hasta}</th>
          <th scope="col" className="num">
            {t.cantidad}
          </th>
        </tr>
      </thead>
      <tbody>
        {ranges.slice(0, SHOWN_RANGES).map((range, index) => (
          <tr key={index}>
            <td>
              {range.tipoeCF}
              {isEcfType(range.tipoeCF) ? ` · ${ecfTypeName(range.tipoeCF, locale)}` : ""}
            </td>
            <td className="mono">{range.secuenciaDesde}</td>
            <td className="mono">{range.secuenciaHasta}</td>
            <td className="num">{formatNumber(range.cantidad, locale)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * DGII's partial success: the ranges it did NOT void, how many numbers they hold, what to check
 * first, and the way to a new void of them (a draft in the void tool; nothing is sent from here).
 */
export function ExceptedRangesCard({
  voidId,
  environment,
  excepted,
  totalExcepted,
  t,
  locale,
}: {
  voidId: string;
  environment: Environment;
  excepted: readonly ShownRange[];
  totalExcepted: number;
  t: Dictionary;
  locale: Locale;
}) {
  const p = t.voidStatus.partial;
  return (
    <Card
      title={format(p.excepted, { count: formatNumber(totalExcepted, locale) })}
      data-testid="excepted-ranges"
    >
      <p className="muted">{p.exceptedHelp}</p>
      <RangesTable ranges={excepted} t={t.voidDetail} locale={locale} />
      <div className="row">
        <ButtonLink href={prepareExceptedHref(voidId, environment)} data-testid="prepare-excepted-void">
          {p.prepare}
        </ButtonLink>
      </div>
    </Card>
  );
}
