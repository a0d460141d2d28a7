import "server-only";

import { formatFechaHora } from "@/lib/domain/fecha";
import { format, type Dictionary } from "@/lib/i18n";
import { voidStatusLabel, type VoidStatusFacts } from "@/lib/i18n/void-status";
import type { CsvRow } from "@/lib/server/platform/http/csv";

import type { VoidListItem } from "./void-history";

/**
 * The history's CSV for a spreadsheet user: headers in the portal's language, one row per range (a
 * 10,000-range void is 10,000 short rows, never one 280,000-character cell over Excel's 32,767),
 * dates as the portal shows them (dd-MM-yyyy HH:mm:ss, Santo Domingo). The void's own columns repeat
 * on each of its rows, so a filter or a pivot table works on any row. The one CSV writer
 * (lib/server/platform/http/csv.ts) neutralises formula injection in every cell.
 */
export function voidCsvHeader(t: Dictionary["finding"]["csv"], r: Dictionary["voidReasons"]["csv"]): CsvRow {
  return [
    t.fecha,
    t.anulacion,
    t.estado,
    t.ambiente,
    t.fechaHoraAnulacion,
    t.totalAnulado,
    t.tipo,
    t.desde,
    t.hasta,
    t.cantidad,
    t.rangoExceptuado,
    t.archivo,
    t.codigoDgii,
    t.respuestaDgii,
    t.mensajesDgii,
    t.enviadoPor,
    // The reason worded ("Sin motivo" when none), its bare code and the clerk's text.
    r.label,
    r.code,
    r.text,
  ];
}

/** `settled`: how the void was settled and whether it needs review (lib/portal/void-settlement `statusFactsOf`). */
export function* voidCsvRows(
  item: VoidListItem,
  t: Dictionary,
  settled?: Pick<VoidStatusFacts, "settledBy" | "needsReview">,
): Generator<CsvRow> {
  // The status worded as the history shows it ("Aceptado · parcial · confirmada a mano").
  const status = voidStatusLabel(t.voidStatus, item.status, {
    errorCode: item.errorCode,
    partial: !!item.excepted,
    settledBy: settled?.settledBy,
    needsReview: settled?.needsReview,
  });
  const reasonLabel = item.reason
    ? format(t.voidReasons.option, { code: item.reason.code, name: t.voidReasons.names[item.reason.code] })
    : t.voidReasons.none;
  const messages = [...item.taxauthResponse, ...(item.errorMessage ? [item.errorMessage] : [])].join(" | ");
  const ranges = [
    ...item.ranges.map((range) => ({ range, excepted: false })),
    ...(item.excepted ?? []).map((range) => ({ range, excepted: true })),
  ];
  for (const { range, excepted } of ranges) {
    yield [
      formatFechaHora(item.createdAt),
      item.voidId,
      status,
      item.environment,
      item.fechaHoraAnulacion,
      item.totalVoided,
      range.tipoeCF,
      range.secuenciaDesde,
      range.secuenciaHasta,
      range.cantidad,
      excepted ? t.finding.exceptedYes : null,
      item.fileName,
      item.taxauthCode,
      item.taxauthName,
      messages,
      item.createdBy,
      reasonLabel,
      item.reason?.code ?? null,
      item.reason?.text ?? null,
    ];
  }
}
