import "server-only";
import type { LedgerWarning } from "@/lib/server/ledger";
import type { Environment } from "@/lib/domain/environments";
import type { VoidReason } from "@/lib/domain/void-reasons";
import type { PartialSplit } from "./partial-success";

/**
 * The types of the void story, in one place: what a request becomes (VoidContent), what is stored
 * (VoidRecordView, VoidAttempt), how an attempt ends (VoidCompletion) and what the use case answers
 * (CreateVoidResult). HTTP shapes live in void-answers.ts, the worker protocol in prepare-void.ts.
 */

/** One series+type of a void and the span it covers: a row of the ALREADY_VOIDED index. */
export interface SerieTipoBox {
  serie: string;
  tipoeCF: string;
  minDesde: number;
  maxHasta: number;
}

/** What the database keeps of a valid request, and what the ALREADY_VOIDED check needs of it. */
export interface VoidContent {
  fechaHoraAnulacion: string;
  totalVoided: number;
  /** VoidRecord.ranges: JSON tuples in request order (line = index + 1), gzip + base64 when large. */
  storedRanges: string;
  /** How many ranges (VoidRecord.rangeCount: list pages are bounded in bytes by it). */
  rangeCount: number;
  boxes: SerieTipoBox[];
}

import type { VoidRangeView } from "@/lib/server/platform/db/stored-ranges";

export type { VoidRangeView };

export type VoidStatus = "Aceptado" | "Rechazado" | "Error";

/**
 * Why an Error record is Error; `NOT_CONFIRMED` is the write-ahead state (sent or about to be, an
 * instance still waiting); `INTERRUPTED`: the instance waiting for the answer died (send-leases.ts).
 */
export type VoidErrorCode = "NOT_CONFIRMED" | "TAXAUTH_AUTH_ERROR" | "TAXAUTH_VOID_ERROR" | "INTERRUPTED";

/** A void attempt as the application sees it (repository output, numbers instead of BigInt). */
export interface VoidRecordView {
  voidId: string;
  accountId: string;
  customerId: string;
  environment: Environment;
  status: VoidStatus;
  fechaHoraAnulacion: string;
  totalVoided: number;
  ranges: VoidRangeView[];
  fileName: string;
  taxauthCode: string | null;
  taxauthName: string | null;
  taxauthResponse: string[];
  errorCode: string | null;
  errorMessage: string | null;
  createdBy: string | null;
  createdAt: number;
  updateAt: number;
  /** Why the void was made (DGII's 608 reason and free text); null when made without one. */
  reason: VoidReason | null;
  /**
   * A void held by the company's approval policy and sent on approval (lib/server/approvals): the
   * request and who approved it when. Absent on voids sent without approval.
   */
  approval?: VoidApprovalView;
  /**
   * DGII's partial success only (extension): the ranges it did not void and how many numbers they
   * hold; `ranges` and `totalVoided` then describe what it voided. Absent on every other record.
   */
  excepted?: VoidRangeView[];
  totalExcepted?: number;
}

/** Who approved a void sent under the approval policy (VoidRecord.requestId, approvedBy, approvedAt). */
export interface VoidApprovalView {
  requestId: string;
  approvedBy: string | null;
  approvedAt: number | null;
}

/** An attempt without its ranges: what the void flow writes and reads back (it holds the ranges itself). */
export type VoidAttempt = Omit<VoidRecordView, "ranges">;

/**
 * An outcome to record. A confirmed answer or a send's final failure releases the send's lease;
 * `stillWaiting` (the request's deadline passed, the send goes on) keeps it.
 */
export type VoidCompletion =
  | {
      status: "Aceptado" | "Rechazado";
      codigo: string;
      nombre: string;
      mensajes: string[];
      /** DGII's partial success (Aceptado only): what was voided and what was excepted. */
      partial?: PartialSplit;
    }
  | { status: "Error"; errorCode: VoidErrorCode; errorMessage: string; stillWaiting?: boolean };

/**
 * What POST void-ncf and the portal's submission get back: the attempt as it stands when the caller
 * is answered — accepted or rejected by DGII, or unconfirmed (status Error: no answer in time, the
 * send failed, or DGII said something unrecognized) — with its ranges as JSON text (a 100,000-range
 * void's are ~10 MB, written once, on the worker thread that validated them).
 */
export interface CreateVoidResult {
  outcome: "accepted" | "rejected" | "unconfirmed";
  attempt: VoidAttempt;
  rangesJson: string;
  /** An Idempotency-Key repeat: the stored outcome of an earlier request; nothing was sent. */
  replayed: boolean;
  /** The sequence ledger's warnings (ranges outside every authorization entered): not refusals. */
  warnings?: LedgerWarning[];
}

export function outcomeOf(attempt: Pick<VoidAttempt, "status">): CreateVoidResult["outcome"] {
  if (attempt.status === "Aceptado") return "accepted";
  if (attempt.status === "Rechazado") return "rejected";
  return "unconfirmed";
}

/**
 * Texts stored in Error records (errorMessage), in Spanish like every API message. The spec's
 * retry rule 2 is said for each case.
 */
export const STORED_VOID_MESSAGES = {
  notConfirmed: "Enviado a la DGII; respuesta aún no confirmada.",
  /** The instance waiting for the answer is gone. */
  interrupted:
    "Envío interrumpido: la instancia de Anula que esperaba la respuesta de la DGII se detuvo (reinicio o fallo) " +
    "antes de recibirla, y ninguna respuesta llegará ya a este registro. La DGII pudo haber anulado estas secuencias " +
    "o no: no reintente a ciegas; verifique su estado en la Oficina Virtual de la DGII (Consulta de Anulaciones) " +
    "y envíe una nueva solicitud solo para las que no fueron anuladas.",
  /** The request's deadline passed but this instance still waits for DGII. */
  // Seconds and the status words a clerk reads (this text is shown in the portal), never "ms" or a code.
  stillWaiting: (deadlineMs: number) =>
    `Sin respuesta de la DGII en ${Math.max(1, Math.round(deadlineMs / 1000))} s; Anula sigue esperándola: si llega, ` +
    "este registro pasará a Aceptado o Rechazado, y si la espera se interrumpe, quedará como Error · interrumpida.",
} as const;
