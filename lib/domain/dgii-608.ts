import { readEncf } from "./encf";

/**
 * DGII's 608 format (comprobantes anulados) as a TXT file, written the way public implementations
 * write it. Reference: the Odoo Dominican localization, indexa-git/l10n-dominicana,
 * dgii_reports/models/dgii_report.py — `process_608_report_data` joins
 * `NCF.ljust(11) | fecha %Y%m%d .ljust(8) | anulation_type.ljust(2)` with "|", and
 * `_generate_608_txt` writes the header `"608|{}|{}|{}".format(str(company_vat).ljust(11), period
 * (%Y%m), qty)` then one line per voided comprobante, UTF-8, every line ended by CRLF
 * (`open(..., newline='\r\n')`). An e-NCF has 13 positions, so its 11-wide padding adds nothing; a
 * 9-digit RNC is padded with spaces to 11 as they do.
 *
 * One file per month (the 608 is filed monthly). A month with more lines than the limit is split
 * into several files, each a complete 608 with its own header and count: 608-YYYYMM-1.txt,
 * 608-YYYYMM-2.txt, … (docs/portal.md and the pack's README.txt say so).
 */

/** At most this many lines (voided e-NCF) per 608 file; the header is not counted. */
export const MAX_608_LINES_PER_FILE = 1_000_000;

export const LINE_END_608 = "\r\n";

/** `608|RNC (11 wide)|YYYYMM|count`. */
export function header608(rnc: string, yyyymm: string, count: number): string {
  return `608|${rnc.padEnd(11)}|${yyyymm}|${count}`;
}

/** `e-NCF|YYYYMMDD|NN` for one voided e-NCF. */
export function line608(encf: string, yyyymmdd: string, reasonCode: string): string {
  return `${encf.padEnd(11)}|${yyyymmdd}|${reasonCode.padEnd(2)}`;
}

/** `dd-MM-yyyy HH:mm:ss` (fechaHoraAnulacion) → `yyyyMMdd`. */
export function date608(fechaHoraAnulacion: string): string {
  return `${fechaHoraAnulacion.slice(6, 10)}${fechaHoraAnulacion.slice(3, 5)}${fechaHoraAnulacion.slice(0, 2)}`;
}

/** `dd-MM-yyyy HH:mm:ss` (fechaHoraAnulacion) → the 608's period `yyyyMM`. */
export function month608(fechaHoraAnulacion: string): string {
  return date608(fechaHoraAnulacion).slice(0, 6);
}

export function fileName608(yyyymm: string, part: number): string {
  return `608-${yyyymm}-${part}.txt`;
}

/** How many lines each file of a month holds: [limit, limit, …, rest]; [] for none. */
export function split608(lines: number, limit: number = MAX_608_LINES_PER_FILE): number[] {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError("limit must be a positive integer");
  const parts: number[] = [];
  for (let left = lines; left > 0; left -= limit) parts.push(Math.min(limit, left));
  return parts;
}

/**
 * Every e-NCF of a range in order (E310000000001 … E310000000005), one at a time: a range of millions
 * of numbers is never a list in memory.
 */
export function* encfsOfRange(secuenciaDesde: string, secuenciaHasta: string): Generator<string> {
  const desde = readEncf(secuenciaDesde);
  const hasta = readEncf(secuenciaHasta);
  if (typeof desde === "string" || typeof hasta === "string") {
    throw new Error(`invalid stored range ${secuenciaDesde}–${secuenciaHasta}`);
  }
  const prefix = `${desde.serie}${desde.tipo}`;
  for (let n = desde.secuencia; n <= hasta.secuencia; n++) yield prefix + String(n).padStart(10, "0");
}
