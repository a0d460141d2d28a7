import "server-only";

import { creditNoteBody, type CreditNoteDraft } from "@/lib/domain/credit-note-body";
import type { Environment } from "@/lib/domain/environments";
import { santoDomingoDate } from "@/lib/domain/fecha";
import type { CreditableAmount, CreditNoteFields } from "@/lib/domain/remedy";
import { AppError, isAppError } from "@/lib/errors";
import { creditNoteRequestSchema } from "@/lib/schemas/credit-note";
import { issueEcf, validateIssue } from "@/lib/server/issuing";
import { getDb } from "@/lib/server/platform/db";
import { findRemedy } from "@/lib/server/remedy";

import { nextPortalNumber } from "./next-number";
import { readOriginalEcf } from "./original-ecf";

/** Refusals of the issue check that mean "this number, not the note": the next free one is tried. */
const NUMBER_TAKEN = new Set(["SEQUENCE_USED", "ALREADY_VOIDED", "VOID_IN_PROGRESS"]);
/** Numbers passed over per preparation before the refusal is said as it is. */
const MAX_SKIPPED = 5;

export function isNumberTaken(error: unknown): boolean {
  return isAppError(error) && NUMBER_TAKEN.has(error.code);
}

export interface CreditNoteInput {
  accountId: string;
  rnc: string;
  environment: Environment;
  /** `{ encf, reason }`: the accepted e-CF to cancel and why (lib/schemas/credit-note). */
  body: unknown;
  now?: number;
}

export interface PreparedCreditNote {
  original: { encf: string; fechaEmision: string | null; buyer: string | null; total: string | null };
  fields: CreditNoteFields;
  amount: CreditableAmount;
  reason: string;
  basis: CreditNoteDraft["basis"];
  total: string;
  itbis: string;
  /** The number the note would take now; the confirmation takes the next free one again. */
  noteEncf: string;
  /** The note's XML as it would be signed (no signature, no FechaHoraFirma's final value). */
  xml: string;
  body: CreditNoteDraft["body"];
  /** One credit note per e-CF and count of earlier notes: two confirmations at once make one note. */
  idempotencyKey: string;
}

/**
 * The credit note (e-CF 34) that cancels an e-CF issued here and accepted by DGII, as the remedy
 * answers for it (findRemedy, its status refreshed): the original's buyer and lines from its signed
 * XML, what earlier notes left, the reason; checked by issuing's own validation (the API's
 * `?validate=true`), so a note that would be refused is said before anyone confirms. Nothing is
 * signed, stored or sent. `skip`: numbers the issue check refused since (see nextPortalNumber).
 */
export async function prepareCreditNote(
  input: CreditNoteInput,
  skip: ReadonlySet<string> = new Set(),
): Promise<PreparedCreditNote> {
  const { accountId, rnc, environment } = input;
  const now = input.now ?? Date.now();
  const request = creditNoteRequestSchema.safeParse(input.body);
  if (!request.success) {
    const errors = request.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? "body"),
      code: "VALIDATION_FAILED" as const,
      message: issue.message,
    }));
    throw new AppError("VALIDATION_FAILED", `Nota de crédito: ${errors.map((e) => e.message).join("; ")}.`, {
      errors,
    });
  }
  const { encf, reason } = request.data;
  const db = await getDb();
  const document = await db.document.findUnique({
    where: { accountId_environment_ncf: { accountId, environment, ncf: encf } },
    select: { source: true, signedXml: true },
  });
  const original = document?.source === "issued" ? readOriginalEcf(document.signedXml) : null;
  if (!original) {
    throw new AppError(
      "CREDIT_NOTE_NOT_APPLICABLE",
      `${encf} no fue emitido en Anula: su nota de crédito se emite desde el sistema que lo emitió.`,
    );
  }
  const remedy = await findRemedy({ accountId, rnc, environment, encf, now });
  if (remedy.kind !== "credit-note" || remedy.creditNote.IndicadorNotaCredito === null) {
    throw new AppError(
      "CREDIT_NOTE_NOT_APPLICABLE",
      `${encf} no está aceptado por la DGII: no lleva nota de crédito (consulte ¿Qué hago con este número?).`,
      { extra: { remedy: remedy.kind } },
    );
  }
  const { creditNote: fields, amount } = remedy;
  if (amount.remaining === null || Number(amount.remaining) <= 0) {
    throw new AppError(
      "CREDIT_NOTE_NOTHING_LEFT",
      `Las notas de crédito ya emitidas sobre ${encf} cubren su total: no queda nada por acreditar.`,
      { extra: { creditNotes: amount.creditNotes.map((note) => note.encf) } },
    );
  }
  const [yyyy, mm, dd] = santoDomingoDate(now).split("-");
  const draftFor = (noteEncf: string) =>
    creditNoteBody({
      original,
      fields,
      remaining: amount.remaining!,
      reason,
      encf: noteEncf,
      fechaEmision: `${dd}-${mm}-${yyyy}`,
    });
  const skipped = new Set(skip);
  let noteEncf: string;
  let draft: CreditNoteDraft;
  for (;;) {
    noteEncf = await nextPortalNumber(accountId, environment, skipped);
    draft = draftFor(noteEncf);
    try {
      // The API's ?validate=true: ECF_VALIDATION_FAILED (every problem) for a note DGII would refuse,
      // and the ledger's check of the number (a void in progress may hold one the intervals do not).
      await issueEcf({ accountId, rnc, environment, body: draft.body, validateOnly: true, now });
      break;
    } catch (error) {
      if (!isNumberTaken(error) || skipped.size >= skip.size + MAX_SKIPPED) throw error;
      skipped.add(noteEncf);
    }
  }
  const validation = validateIssue(draft.body, rnc, now);
  if (!validation.ok) throw new Error("prepareCreditNote: validateOnly passed but validateIssue did not");
  const buyer = original.comprador;
  return {
    original: {
      encf,
      fechaEmision: fields.FechaNCFModificado,
      buyer: buyer ? String(buyer.RazonSocialComprador ?? buyer.RNCComprador ?? "") || null : null,
      total: amount.original,
    },
    fields,
    amount,
    reason,
    basis: draft.basis,
    total: draft.total,
    itbis: draft.itbis,
    noteEncf,
    xml: validation.issue.xml,
    body: draft.body,
    idempotencyKey: `nota-credito-portal:${encf}:${amount.creditNotes.length + 1}`,
  };
}
