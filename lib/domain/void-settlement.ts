/**
 * What settling an unknown outcome adds to a void record, as the portal and the REST
 * extension show it. Types and limits only: isomorphic (lib/server/voids/settlement-repository.ts reads them).
 */

export type SettledOutcome = "Aceptado" | "Rechazado";

/** The longest note a person writes with a settlement (a void's outcome, an issued e-CF's decision). */
export const SETTLEMENT_NOTE_MAX = 2000;

/** The evidence a settlement takes (PDF, PNG or JPEG, recognised by content), as a file input's accept. */
export const EVIDENCE_ACCEPT = "application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg";

export interface EvidenceView {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** The extension `settlement` of a record: who settled it, when, what they confirmed, and why. */
export interface SettlementView {
  by: string | null;
  at: number;
  outcome: SettledOutcome;
  note: string | null;
  evidence: EvidenceView[];
}

/** One more exchange with DGII for a void (VoidSendAttempt): a resend, or an answer that came late. */
export interface SendAttemptView {
  attemptNumber: number;
  kind: "resend" | "late-answer";
  requestedBy: string | null;
  startedAt: number;
  finishedAt: number | null;
  outcome: "Aceptado" | "Rechazado" | "Error" | null;
  taxauthCode: string | null;
  taxauthName: string | null;
  taxauthResponse: string[];
  errorCode: string | null;
  errorMessage: string | null;
}

/** What settling adds to a record: its settlement, the review flag and its attempts. */
export interface SettlementExtension {
  settlement: SettlementView | null;
  needsReview: boolean;
  attempts: SendAttemptView[];
  /** A send (the first or a resend) still waits for DGII under a live lease: not settleable yet. */
  sending: boolean;
}

/**
 * How a settled record got its outcome: a person recorded it ("hand", with who in settledByUserId),
 * or DGII accepted a resend of the same signed document ("resend", settled by no user).
 */
export type SettledBy = "hand" | "resend";
