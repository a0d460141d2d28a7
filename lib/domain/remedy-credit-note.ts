import { dayNumber, isoDayNumber, Money, ZERO } from "./ecf-rules/json-access";
import { creditNoteIndicator } from "./ecf-rules/reference-rules";

/**
 * What a credit note (e-CF 34) cancelling an accepted e-CF would carry, for the remedy
 * (lib/domain/remedy.ts): its InformacionReferencia (NCFModificado, FechaNCFModificado,
 * CodigoModificacion 1 — a total cancellation), IndicadorNotaCredito by ecf-rules' one rule for a
 * note issued today, and what the earlier credit notes on the same e-CF left to credit.
 */

/** A credit note (e-CF 34) the company holds that modifies this e-NCF. */
export interface EarlierCreditNote {
  encf: string;
  status: string;
  total: string | null;
}

export interface CreditNoteFields {
  tipoeCF: "34";
  NCFModificado: string;
  /** The original's FechaEmision (dd-MM-yyyy); null when Anula does not know it. */
  FechaNCFModificado: string | null;
  /** 1: total cancellation. */
  CodigoModificacion: 1;
  /** For a note issued today: 0 within 30 days of the original, 1 after (no ITBIS refunded). */
  IndicadorNotaCredito: 0 | 1 | null;
  daysSinceOriginal: number | null;
}

export interface CreditableAmount {
  /** The original's MontoTotal; null when not known. */
  original: string | null;
  /** What the credit notes the company holds (not rejected) already credit. */
  credited: string;
  /** original − credited, never below 0; null when the original or a note's amount is not known. */
  remaining: string | null;
  creditNotes: EarlierCreditNote[];
}

export function creditNoteOf(
  document: { fechaEmision: string | null; total: string | null },
  facts: { encf: string; today: string; creditNotes: readonly EarlierCreditNote[] },
): { creditNote: CreditNoteFields; amount: CreditableAmount } {
  const original = dayNumber(document.fechaEmision ?? undefined);
  const today = isoDayNumber(facts.today);
  const days = original === null || today === null ? null : today - original;
  const counted = facts.creditNotes.filter((note) => note.status.trim() !== "Rechazado");
  const credited = counted.reduce((sum, note) => (note.total === null ? sum : sum.plus(note.total)), ZERO);
  const known = document.total !== null && counted.every((note) => note.total !== null);
  const remaining = known ? Money.max(ZERO, new Money(document.total!).minus(credited)) : null;
  return {
    creditNote: {
      tipoeCF: "34",
      NCFModificado: facts.encf,
      FechaNCFModificado: original === null ? null : document.fechaEmision,
      CodigoModificacion: 1,
      IndicadorNotaCredito: days === null ? null : (Number(creditNoteIndicator(days)) as 0 | 1),
      daysSinceOriginal: days,
    },
    amount: {
      original: document.total === null ? null : new Money(document.total).toFixed(2),
      credited: credited.toFixed(2),
      remaining: remaining === null ? null : remaining.toFixed(2),
      creditNotes: [...facts.creditNotes],
    },
  };
}
