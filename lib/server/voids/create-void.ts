import "server-only";
import { v7 as uuidv7 } from "uuid";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidReason } from "@/lib/domain/void-reasons";
import { AppError, isAppError } from "@/lib/errors";
import type { ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { recordVoidSent, voidSentEntry } from "@/lib/server/voids/void-activity";
import {
  getActiveSigningCredential,
  signingCredentialOf,
  type ActiveCertificate,
} from "@/lib/server/certificates";
import { ledgerRangesOf } from "@/lib/server/ledger";
import type { LedgerWarning } from "@/lib/server/ledger";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { timedStep } from "@/lib/server/platform/metrics/step-timings";
import { isUniqueViolation } from "@/lib/server/platform/db";
import type { SigningCredential } from "@/lib/server/platform/signing";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import type { VoidOutcome } from "@/lib/server/platform/taxauth";
import { trackInFlight } from "../platform/ops/in-flight";
import { splitPartialSuccess } from "./partial-success";
import { prepareVoidOffThread } from "./prepare-off-thread";
import type { PreparedVoid, VoidRequestBody } from "./prepare-void";
import { refuseBeforeHolding, writeAheadUnderLock } from "./locked-write-ahead";
import { instanceId, leaseMs } from "./send-leases";
import { storedRangesJson, storedRequestRanges } from "../platform/db/stored-ranges";
import { refuseWhileVoidServiceUnavailable } from "./void-service-gate";
import {
  outcomeOf,
  STORED_VOID_MESSAGES,
  type CreateVoidResult,
  type VoidAttempt,
  type VoidCompletion,
  type VoidContent,
} from "./types";
import { completeVoid } from "./record-answer";
import { findStoredVoid, findVoidByIdempotencyKey, type VoidApproval } from "./void-repository";

export interface CreateVoidInput {
  accountId: string;
  rnc: string;
  environment: Environment;
  /** The request as received: parsed and validated here, on a worker thread when large. */
  body: VoidRequestBody;
  /** Who sent it, e.g. "ana@empresa.do (API)" or "ana@empresa.do (portal)". */
  createdBy: string;
  /**
   * DGII's 608 reason, for bodies that are not the API's JSON (the portal's lines, a
   * value): it joins the body as its `motivo`, so it is validated and hashed like the API's. A JSON
   * body carries its own `motivo`; giving `reason` with one is a programming error.
   */
  reason?: { code: VoidReason["code"]; text: string | null };
  idempotencyKey?: string;
  locale?: Locale;
  /**
   * The company's approval policy (lib/server/approvals/create-void-request.ts): absent, the void
   * is sent; present, the void may be held as a request instead of being signed and sent.
   */
  hold?: VoidHold;
  /** A void sent by approving a request: recorded on the void record. */
  approval?: VoidApproval;
  /** Who sends it, for the activity log's "void.sent" (default: createdBy as the actor's label). */
  activityBy?: ActivityBy;
  /**
   * The company's active certificate (null: none), when the caller read it with its own reads
   * (approvals: with the policy, one statement); absent, it is read here.
   */
  activeCertificate?: ActiveCertificate | null;
}

/**
 * Approvals' two steps inside the flow, so a held void answers in the flow's order (400, replay,
 * ALREADY_VOIDED, SEQUENCE_USED, certificate, then the approval). Each throws to end the flow.
 */
export interface VoidHold {
  /** After the void records' Idempotency-Key replay: a request stored under the same key answers it. */
  replay?: (idempotencyKey: string, requestHash: string) => Promise<void>;
  /**
   * After the refusing checks and the certificate: throws to hold the void as a request (it creates
   * it); returns to let it be signed and sent. Its presence means the void is validated unsigned
   * first (nothing is signed for a request), and signed only once `hold` lets it go.
   */
  hold?: (held: {
    prepared: PreparedVoid;
    warnings: LedgerWarning[];
    /** Series+type of the ranges with no authorization entered ("E31"): nothing to check them against. */
    unauthorized: string[];
  }) => Promise<void>;
}

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Voiding ranges, DESIGN.md's "Void flow": validate (nothing is stored or sent on a 400),
 * certificate, build + sign (nothing stored on failure), write ahead as Error, then authenticate
 * and send. DGII's answer makes the attempt accepted or rejected; with no answer by the deadline it
 * is returned unconfirmed while the send goes on in the background, and a late answer still moves
 * the record. Validation, build and signature are one step (prepareVoid, on a worker thread for
 * large bodies); its errors are thrown in the flow's order: 400, Idempotency-Key replay, 409,
 * 412/500, SIGN_ERROR. The caller maps the result to its medium (REST: void-answers.ts).
 */
export async function createVoid(input: CreateVoidInput): Promise<CreateVoidResult> {
  const started = performance.now();
  input = { ...input, body: bodyWithReason(input.body, input.reason) };
  if (input.idempotencyKey !== undefined) checkIdempotencyKey(input.idempotencyKey);
  // Read first so the signing can go with the validation to the worker; a certificate problem is
  // reported only after validation and ALREADY_VOIDED, as the flow orders them.
  const credential = await timedStep("certificate", () =>
    input.activeCertificate !== undefined
      ? signingCredentialOf(input.activeCertificate)
      : getActiveSigningCredential(input.accountId),
  ).catch((error: unknown) => {
    if (isAppError(error)) return error;
    throw error;
  });
  // DGII's announced maintenance or outage (only with TAXAUTH_STATUS_API_KEY): known before anything
  // is signed, so the document is not even signed; refused with 503 after validation (below).
  const unavailable = await refuseWhileVoidServiceUnavailable(input.environment).then(
    () => null,
    (error: unknown) => {
      if (isAppError(error)) return error;
      throw error;
    },
  );
  const prepareInput = {
    rnc: input.rnc,
    body: input.body,
    locale: input.locale,
    hashBody: input.idempotencyKey !== undefined,
    credential: isAppError(credential) || unavailable ? null : credential,
  };
  // A void that may be held for approval is validated unsigned (a request signs nothing), on a copy
  // of the body: a large one is moved to the worker, and a void let through is prepared again.
  let prepared = await timedStep("prepare", () =>
    prepareVoidOffThread(
      input.hold?.hold
        ? {
            ...prepareInput,
            body: "json" in input.body ? { json: input.body.json.slice() } : input.body,
            credential: null,
          }
        : prepareInput,
    ),
  );
  if (input.idempotencyKey !== undefined) {
    const replay = await replayIdempotent(input, input.idempotencyKey, prepared.requestHash!);
    if (replay) return logOutcome(input, started, replay);
    await input.hold?.replay?.(input.idempotencyKey, prepared.requestHash!);
  }
  const ledgerRanges = ledgerRangesOf(storedRequestRanges(prepared.storedRanges));
  // 503 TAXAUTH_UNAVAILABLE, the certificate's 412/500, SIGN_ERROR: nothing stored or sent.
  const sendable = (): { credential: SigningCredential; xml: string; xmlGzipBase64: string } => {
    if (unavailable) throw unavailable;
    if (isAppError(credential)) throw credential;
    if (!prepared.signed.ok) {
      throw new AppError("SIGN_ERROR", "No se pudo firmar el documento de anulación; no se envió nada.", {
        cause: prepared.signed.message,
      });
    }
    return { credential, xml: prepared.signed.xml, xmlGzipBase64: prepared.signed.xmlGzipBase64 };
  };
  // A void the approval policy may hold is checked before it decides (a refused void is never
  // stored as a request): ALREADY_VOIDED; the sequence ledger's SEQUENCE_USED (a number the
  // company's imported e-CF show as used is never voided); a range outside every authorization
  // entered is a warning. Any other void runs them once, under the series' lock below, in the same
  // order: checking before the lock as well would only repeat them.
  let warnings: LedgerWarning[] | undefined;
  if (input.hold?.hold) {
    const outside = await refuseBeforeHolding(input.accountId, input.environment, prepared, ledgerRanges);
    warnings = outside.warnings;
    if (isAppError(credential)) throw credential;
    await input.hold.hold({ prepared, warnings, unauthorized: outside.unauthorized });
    // Not held (below the policy's threshold): sign it now.
    if (prepareInput.credential) prepared = await prepareVoidOffThread(prepareInput);
    sendable();
  }
  const voidId = uuidv7();

  let record: VoidAttempt;
  try {
    // Under the series' locks: the refusing checks, then the record and its void.created event.
    const written = await timedStep("write_ahead", () =>
      writeAheadUnderLock({
        ledgerRanges,
        beforeWrite: () => void sendable(),
        withWarnings: warnings === undefined,
        voidId,
        accountId: input.accountId,
        rnc: input.rnc,
        environment: input.environment,
        content: prepared,
        fileName: `${input.rnc}ANECF${voidId}.xml`,
        // Never stored unsigned: beforeWrite refuses first.
        signedXmlGzip: prepared.signed.ok ? prepared.signed.xmlGzipBase64 : "",
        createdBy: input.createdBy,
        reason: prepared.reason,
        idempotencyKey: input.idempotencyKey,
        requestHash: prepared.requestHash,
        now: Date.now(),
        lease: { owner: instanceId(), expiresAt: Date.now() + leaseMs() },
        ...(input.approval ? { approval: input.approval } : {}),
      }),
    );
    if (written === "replay") {
      const replay = await replayIdempotent(input, input.idempotencyKey!, prepared.requestHash!);
      if (replay) return logOutcome(input, started, replay);
      throw new Error("An Idempotency-Key's record vanished between two reads");
    }
    record = written.record;
    warnings ??= written.warnings;
  } catch (error) {
    // Two requests with one Idempotency-Key at once: the unique index let one through.
    if (input.idempotencyKey !== undefined && isUniqueViolation(error)) {
      const replay = await replayIdempotent(input, input.idempotencyKey, prepared.requestHash!);
      if (replay) return logOutcome(input, started, replay);
    }
    throw error;
  }
  const signed = sendable();
  const { attempt, logged } = await timedStep("send", () =>
    send(input, record, prepared, signed.xml, signed.credential),
  );
  if (!logged) await timedStep("activity", () => recordVoidSent(input, attempt, prepared.rangeCount));
  return logOutcome(input, started, {
    outcome: outcomeOf(attempt),
    attempt,
    // A partial success answers what DGII voided: the stored ranges, no longer the request's.
    rangesJson: attempt.excepted ? await storedRangesJsonOf(record) : prepared.rangesJson,
    replayed: false,
    ...(warnings.length > 0 ? { warnings } : {}),
  });
}

/** The body with `reason` as its `motivo` (the API's shape), so one validation and one hash serve both. */
function bodyWithReason(body: VoidRequestBody, reason: CreateVoidInput["reason"]): VoidRequestBody {
  if (!reason) return body;
  const motivo = { codigo: reason.code, ...(reason.text !== null ? { descripcion: reason.text } : {}) };
  if ("draftLines" in body) return { ...body, motivo };
  if (
    "value" in body &&
    typeof body.value === "object" &&
    body.value !== null &&
    !Array.isArray(body.value)
  ) {
    return { value: { ...body.value, motivo } };
  }
  throw new Error("createVoid: a reason is given inside a JSON body's motivo, not beside it");
}

/**
 * One log line per void outcome (inside a REST request the logger adds its requestId):
 * identifiers and the outcome only, never the body, the XML, the token or the certificate.
 */
function logOutcome(input: CreateVoidInput, started: number, result: CreateVoidResult): CreateVoidResult {
  logger.info(
    {
      rnc: input.rnc,
      environment: input.environment,
      voidId: result.attempt.voidId,
      status: result.attempt.status,
      outcome: result.outcome,
      totalVoided: result.attempt.totalVoided,
      replayed: result.replayed,
      durationMs: Math.round(performance.now() - started),
    },
    "void",
  );
  return result;
}

async function storedRangesJsonOf(record: VoidAttempt): Promise<string> {
  const stored = await findStoredVoid(record.accountId, record.environment, record.voidId);
  return storedRangesJson(stored!.storedRanges);
}

function checkIdempotencyKey(idempotencyKey: string): void {
  if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new AppError(
      "INVALID_PARAMETER",
      "Idempotency-Key debe tener de 1 a 255 caracteres visibles ASCII.",
      {
        extra: { parameter: "Idempotency-Key" },
      },
    );
  }
}

/** How often a duplicate re-reads the stored attempt while the first request is still sending. */
const DUPLICATE_POLL_MS = 100;

/**
 * The stored outcome for a repeated Idempotency-Key. While the first request is still sending (on
 * this instance or another: only the stored record is shared), the duplicate waits for its outcome,
 * bounded by the same deadline, and answers what the first answers — never a 502 for a void that is
 * simply in progress.
 */
async function replayIdempotent(
  input: CreateVoidInput,
  idempotencyKey: string,
  hash: string,
): Promise<CreateVoidResult | null> {
  const deadline = Date.now() + loadConfig().voidDeadlineMs;
  let existing = await findVoidByIdempotencyKey(input.accountId, input.environment, idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      `El Idempotency-Key ya se usó con otro cuerpo (anulación ${existing.voidId}); use una clave nueva para otra solicitud.`,
      { extra: { voidId: existing.voidId } },
    );
  }
  while (existing.sending && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(DUPLICATE_POLL_MS, deadline - Date.now())));
    existing =
      (await findVoidByIdempotencyKey(input.accountId, input.environment, idempotencyKey)) ?? existing;
  }
  const { ranges, requestHash, sending, ...attempt } = existing;
  void requestHash; // compared above
  void sending; // waited for above
  return { outcome: outcomeOf(attempt), attempt, rangesJson: JSON.stringify(ranges), replayed: true };
}

/**
 * The record's outcome for DGII's answer. A partial success is Aceptado for what DGII voided only
 * when its excepted sequences were all sent (partial-success.ts); otherwise an Error with the answer.
 */
export function completionOf(outcome: VoidOutcome, sent: Pick<VoidContent, "storedRanges">): VoidCompletion {
  if (outcome.kind === "partially-accepted") {
    const partial = splitPartialSuccess(sent.storedRanges, outcome.excepted);
    if (!partial)
      return { status: "Error", errorCode: "TAXAUTH_VOID_ERROR", errorMessage: outcome.unfitReason };
    return {
      status: "Aceptado",
      codigo: outcome.response.codigo,
      nombre: outcome.response.nombre,
      mensajes: outcome.response.mensajes,
      partial,
    };
  }
  if (outcome.kind === "accepted" || outcome.kind === "rejected") {
    return {
      status: outcome.kind === "accepted" ? "Aceptado" : "Rechazado",
      codigo: outcome.response.codigo,
      nombre: outcome.response.nombre,
      mensajes: outcome.response.mensajes,
    };
  }
  return {
    status: "Error",
    errorCode: outcome.stage === "auth" ? "TAXAUTH_AUTH_ERROR" : "TAXAUTH_VOID_ERROR",
    errorMessage: outcome.reason,
  };
}

/**
 * Sends the stored attempt and records the answer: the record as it stands when the caller is
 * answered, and whether its "void.sent" entry was written with it (`logged`). DGII's answer within
 * the deadline is answered whatever the time its storing takes (the deadline is for DGII's answer):
 * so the answer's own statement writes the entry of what the caller is told. Past the deadline the
 * caller is told the attempt is unconfirmed, and the caller writes that entry.
 */
async function send(
  input: CreateVoidInput,
  record: VoidAttempt,
  prepared: PreparedVoid,
  signedXml: string,
  credential: SigningCredential,
): Promise<{ attempt: VoidAttempt; logged: boolean }> {
  const client = getTaxAuthClient();
  const deadlineMs = loadConfig().voidDeadlineMs;
  const entryOf = voidSentEntry(input, prepared.rangeCount);
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  let logged = false;
  /** Before the deadline: the entry goes with the answer's write, and the deadline no longer applies. */
  const claim = () => {
    if (timedOut) return undefined;
    clearTimeout(timer);
    logged = true;
    return entryOf;
  };
  const settled = trackInFlight(
    client
      .voidRanges({
        environment: record.environment,
        rnc: record.customerId,
        credential,
        xml: signedXml,
        fileName: record.fileName,
      })
      .then((outcome) => completeVoid(record, completionOf(outcome, prepared), prepared, Date.now(), claim()))
      .catch((error: unknown) =>
        completeVoid(
          record,
          {
            status: "Error",
            errorCode: "TAXAUTH_VOID_ERROR",
            errorMessage: `Fallo inesperado: ${String(error)}`,
          },
          prepared,
          Date.now(),
          claim(),
        ),
      ),
    record.voidId,
  );
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve(null);
    }, deadlineMs);
  });
  const finished = await Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
  if (finished) return { attempt: finished, logged };
  // The operator sees the late answer that moves the record (the spec's Error transition).
  void settled.then(
    (settledRecord) =>
      logger.info(
        {
          voidId: settledRecord.voidId,
          rnc: settledRecord.customerId,
          environment: settledRecord.environment,
          status: settledRecord.status,
        },
        "void settled after the deadline",
      ),
    () => {}, // a failure to store it is already the record's Error state
  );
  const attempt = await completeVoid(
    record,
    {
      status: "Error",
      errorCode: "TAXAUTH_VOID_ERROR",
      errorMessage: STORED_VOID_MESSAGES.stillWaiting(deadlineMs),
      stillWaiting: true,
    },
    prepared,
    Date.now(),
  );
  return { attempt, logged: false };
}
