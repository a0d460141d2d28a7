import { z } from "zod";

import { CREDIT_NOTE_REASON_MAX } from "@/lib/domain/credit-note-body";

/**
 * The portal's credit note (e-CF 34) issued from the remedy: the E34 sub-range an administrator
 * reserves for it, and the clerk's request (the original e-NCF and the reason).
 */

const encf = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().length(13, "debe ser un e-NCF de 13 caracteres, por ejemplo E340000000001"));

export const creditNoteRangeRequestSchema = z.strictObject({
  secuenciaDesde: encf,
  secuenciaHasta: encf,
});
export type CreditNoteRangeRequest = z.infer<typeof creditNoteRangeRequestSchema>;

export const creditNoteRequestSchema = z.strictObject({
  /** The accepted e-CF the note cancels. */
  encf,
  reason: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, "escriba la razón de la nota de crédito")
        .max(CREDIT_NOTE_REASON_MAX, `la razón tiene como máximo ${CREDIT_NOTE_REASON_MAX} caracteres`),
    ),
});
export type CreditNoteRequest = z.infer<typeof creditNoteRequestSchema>;
