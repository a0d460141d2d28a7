import { formatFechaHora, parseFechaHora } from "./fecha";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The date range to search in DGII's OFV "Consulta de Anulaciones" for a void: from the day before
 * the earlier of its signed date (fechaHoraAnulacion) and its sending, to the day after the later
 * one — DGII may record it on either day, and a send near midnight lands on the next. Dates as
 * `dd-MM-yyyy` in Santo Domingo time, as the OFV shows them.
 */
export function ofvSearchDates(fechaHoraAnulacion: string, sentAt: number): { from: string; to: string } {
  const signed = parseFechaHora(fechaHoraAnulacion) ?? sentAt;
  const from = Math.min(signed, sentAt) - DAY_MS;
  const to = Math.max(signed, sentAt) + DAY_MS;
  return { from: formatFechaHora(from).slice(0, 10), to: formatFechaHora(to).slice(0, 10) };
}
