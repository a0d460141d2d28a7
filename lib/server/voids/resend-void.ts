import "server-only";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import type { ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import type { VoidOutcome } from "@/lib/server/platform/taxauth";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { trackInFlight } from "../platform/ops/in-flight";
import { splitPartialSuccess } from "./partial-success";
import { instanceId, leaseMs } from "./send-leases";
import { beginResend, finishResend, type ExchangeResult } from "./resend-exchange";
import { decompressSignedXml } from "./signed-xml-storage";

export interface ResendInput {
  accountId: string;
  environment: Environment;
  voidId: string;
  /** Who asked, e.g. "ana@empresa.do (portal)". */
  requestedBy: string;
  /** Who, for the activity log's "void.settled" when DGII accepts the resend. */
  activityBy?: ActivityBy;
}

export interface ResendResult {
  attemptNumber: number;
  /** This exchange alone: Aceptado (the record is now settled), Rechazado or Error (it stays Error), or still waiting. */
  outcome: ExchangeResult["outcome"] | "waiting";
  /** A partial success (Aceptado): how many numbers DGII voided and how many it excepted. */
  partial?: { totalVoided: number; totalExcepted: number };
}

/**
 * The typed confirmation a resend needs, in the portal and the API alike: "REENVIAR" or the voidId's
 * last 6 characters, any case (400 RESEND_NOT_CONFIRMED otherwise: nothing is sent). A resend goes
 * to DGII for real, so a client must say which void it means, not only click or retry.
 */
export function checkResendConfirmation(voidId: string, confirmation: unknown): void {
  const typed = (typeof confirmation === "string" ? confirmation : "").trim().toUpperCase();
  if (typed !== "REENVIAR" && (voidId.length < 6 || typed !== voidId.slice(-6).toUpperCase())) {
    throw new AppError(
      "RESEND_NOT_CONFIRMED",
      "La confirmación escrita no coincide (REENVIAR o los últimos 6 caracteres del voidId): no se reenvió nada.",
      { extra: { parameter: "confirmation" } },
    );
  }
}

/**
 * "Reenviar el mismo documento": the stored signed ANECF (VoidRecord.signedXmlGzip) sent again, byte
 * for byte — never rebuilt nor signed again — as attempt n of the same voidId. The send lease makes
 * it one at a time per void (a second resend, or one while the first send still waits → 409
 * VOID_IN_PROGRESS). Only an acceptance moves the record (Aceptado, settled by the resend; a partial
 * success for what DGII voided, see resultOf); a rejection — even DGII's "ya utilizadas/anuladas" —
 * says nothing sure about the first send and is kept as the attempt's answer; a person decides with
 * the settlement.
 */
export async function resendVoid(input: ResendInput): Promise<ResendResult> {
  const now = Date.now();
  const owner = instanceId();
  // The certificate first: without one nothing is taken or stored (412/500 as for a new void).
  const credential = await getActiveSigningCredential(input.accountId);
  const begun = await beginResend({
    ...input,
    lease: { owner, expiresAt: now + leaseMs() },
    now,
  });
  const finish = (result: ExchangeResult) =>
    finishResend({
      ...input,
      attemptNumber: begun.attemptNumber,
      leaseOwner: owner,
      result,
      now: Date.now(),
    }).then(() => result);
  const exchange = trackInFlight(
    (async () => {
      const signedXml = await decompressSignedXml(begun.signedXmlGzip);
      const outcome = await getTaxAuthClient().voidRanges({
        environment: input.environment,
        rnc: begun.customerId,
        credential,
        xml: signedXml,
        fileName: begun.fileName,
      });
      return finish(resultOf(outcome, begun.ranges));
    })().catch((error: unknown) =>
      finish({
        outcome: "Error",
        errorCode: "TAXAUTH_VOID_ERROR",
        errorMessage: `Fallo inesperado: ${String(error)}`,
      }),
    ),
    input.voidId,
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), loadConfig().voidDeadlineMs);
  });
  const finished = await Promise.race([exchange, deadline]).finally(() => clearTimeout(timer));
  logger.info(
    {
      voidId: input.voidId,
      environment: input.environment,
      attemptNumber: begun.attemptNumber,
      outcome: finished?.outcome ?? "waiting",
    },
    "void resent",
  );
  const partial = finished?.outcome === "Aceptado" ? finished.partial : undefined;
  return {
    attemptNumber: begun.attemptNumber,
    outcome: finished?.outcome ?? "waiting",
    ...(partial
      ? { partial: { totalVoided: partial.totalVoided, totalExcepted: partial.totalExcepted } }
      : {}),
  };
}

/**
 * What this exchange alone says: DGII's acceptance, partial success or rejection; anything else is
 * Error. A partial success is split against what was sent (`sentStoredRanges`), exactly as a first
 * send's: Aceptado for what DGII voided, its excepted sequences kept apart. That is safe for a resend
 * too: DGII voiding some numbers now means the first send had not voided them (nothing can be voided
 * twice), and the excepted ones — whatever DGII's reason, even "ya anuladas" — are only numbers this
 * record does not count as voided, never the other way round. Excepted sequences that were not all
 * sent, or that leave nothing voided, make it an Error with DGII's answer kept, never Aceptado.
 */
export function resultOf(outcome: VoidOutcome, sentStoredRanges: string): ExchangeResult {
  if (outcome.kind === "accepted" || outcome.kind === "rejected") {
    return {
      outcome: outcome.kind === "accepted" ? "Aceptado" : "Rechazado",
      codigo: outcome.response.codigo,
      nombre: outcome.response.nombre,
      mensajes: outcome.response.mensajes,
    };
  }
  if (outcome.kind === "failed") {
    return {
      outcome: "Error",
      errorCode: outcome.stage === "auth" ? "TAXAUTH_AUTH_ERROR" : "TAXAUTH_VOID_ERROR",
      errorMessage: outcome.reason,
      mensajes: outcome.response?.mensajes,
    };
  }
  const partial = splitPartialSuccess(sentStoredRanges, outcome.excepted);
  if (!partial) {
    return {
      outcome: "Error",
      errorCode: "TAXAUTH_VOID_ERROR",
      errorMessage: outcome.unfitReason,
      mensajes: outcome.response.mensajes,
    };
  }
  return {
    outcome: "Aceptado",
    codigo: outcome.response.codigo,
    nombre: outcome.response.nombre,
    mensajes: outcome.response.mensajes,
    partial,
  };
}
