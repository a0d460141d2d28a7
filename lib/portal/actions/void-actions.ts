"use server";

import "server-only";

import { isEnvironment, type Environment } from "@/lib/domain/environments";
import { reasonOfDraft, type VoidReason } from "@/lib/domain/void-reasons";
import type { Locale } from "@/lib/domain/locale";
import { AppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import {
  findUsedNumbers,
  ledgerRangesOf,
  outsideAuthorizationWarnings,
  usedNumbersByLine,
  type UsedLine,
} from "@/lib/server/ledger";
import { enforceRateLimit } from "@/lib/server/platform/limits/rate-limit";
import { getApprovalPolicy } from "@/lib/server/approvals/approval-policy";
import { requestIp } from "@/lib/server/platform/activity/request-ip";
import { sendOrRequestVoid } from "@/lib/server/approvals/create-void-request";
import { findAcceptedOverlapsByLine } from "@/lib/server/voids/find-accepted-overlaps";
import { findErrorOverlaps } from "@/lib/server/voids/find-error-overlaps";
import { prepareVoidOffThread } from "@/lib/server/voids/prepare-off-thread";
import { storedRequestRanges } from "@/lib/server/platform/db/stored-ranges";
import { findAcceptedOverlap } from "@/lib/server/voids/void-repository";

import { getPortalPreferences } from "../preferences";
import { toActionFailure, type ActionFailure } from "./action-failure";

export type { ActionFailure };

/**
 * Server actions of Tools → Anular e-NCF. They call the same lib code as the REST API (createVoid,
 * findAcceptedOverlap); a viewer is refused here even if the page hid the tool. Actions return
 * plain results instead of throwing, because Next hides thrown messages in production.
 */

function policyChanged(locale: Locale): ActionFailure {
  return {
    ok: false,
    code: "APPROVAL_POLICY_CHANGED",
    message: getDictionary(locale).approvals.tool.policyChanged,
    status: 409,
  };
}

function environmentOf(value: string): Environment {
  if (!isEnvironment(value)) throw new AppError("INVALID_PARAMETER", `Ambiente desconocido: ${value}.`);
  return value;
}

export interface DraftInput {
  environment: string;
  /** encodeRanges() of the request's lines. */
  ranges: string;
}

export interface VoidWarnings {
  ok: true;
  /** A range already voided and accepted: sending is blocked (the API answers 409 ALREADY_VOIDED). */
  accepted: { voidId: string; line: number; secuenciaDesde: string; secuenciaHasta: string } | null;
  /**
   * Every line sharing numbers with earlier Aceptado voids (up to MAX_ACCEPTED_LINES): the numbers
   * already voided, so the tool marks the line and can cut them out (lib/domain/intervals).
   */
  acceptedLines: Array<{
    line: number;
    serie: string;
    tipoeCF: string;
    voidIds: string[];
    voided: Array<{ desde: number; hasta: number }>;
  }>;
  /** Earlier attempts in Error sharing sequences: allowed after checking them (spec retry rule 2). */
  errors: Array<{ voidId: string; line: number; fechaHoraAnulacion: string }>;
  /**
   * Numbers the company's imported e-CF show as used inside the ranges (the first 20 and how many
   * in all): sending is blocked, as createVoid would refuse it with 409 SEQUENCE_USED.
   */
  used: { numbers: string[]; total: number; capped: boolean } | null;
  /**
   * Every line holding used numbers (up to MAX_USED_LINES) with exactly which, so the tool marks
   * the line and "Quitar lo emitido" cuts them out (lib/domain/intervals).
   */
  usedLines: UsedLine[];
  /** Parts of the ranges outside every authorization entered for their type: a warning only. */
  outsideAuthorization: {
    ranges: Array<{ tipoeCF: string; secuenciaDesde: string; secuenciaHasta: string; cantidad: number }>;
    total: number;
  };
}

/** A warning createVoid returned with its outcome (OUTSIDE_AUTHORIZATION), for the result page. */
export type SubmitWarning = {
  code: string;
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
};

/** Warnings before sending. Lines are 1-based positions in `ranges` (the client maps them back). */
export async function checkVoidWarnings(input: DraftInput): Promise<VoidWarnings | ActionFailure> {
  let locale: Locale = "es";
  try {
    const auth = await requirePortalAuth("action checkVoidWarnings");
    locale = (await getPortalPreferences()).locale;
    const environment = environmentOf(input.environment);
    // Validated like a submission (on the worker thread when large), without signing.
    const request = await prepareVoidOffThread({
      rnc: auth.rnc,
      body: { draftLines: input.ranges },
      locale,
      hashBody: false,
      credential: null,
    });
    // The sequence ledger's checks of createVoid, shown before the confirmation instead of after it.
    const ledgerRanges = ledgerRangesOf(storedRequestRanges(request.storedRanges));
    const [accepted, acceptedLines, errors, used, usedLines, outside] = await Promise.all([
      findAcceptedOverlap(auth.accountId, environment, request),
      findAcceptedOverlapsByLine(auth.accountId, environment, request),
      findErrorOverlaps(auth.accountId, environment, request),
      findUsedNumbers(auth.accountId, environment, ledgerRanges),
      usedNumbersByLine(auth.accountId, environment, storedRequestRanges(request.storedRanges)),
      outsideAuthorizationWarnings(auth.accountId, environment, ledgerRanges),
    ]);
    return {
      ok: true,
      accepted: accepted && {
        voidId: accepted.voidId,
        line: accepted.range.line,
        secuenciaDesde: accepted.range.secuenciaDesde,
        secuenciaHasta: accepted.range.secuenciaHasta,
      },
      acceptedLines,
      errors: errors
        .slice(0, 20)
        .map(({ voidId, line, fechaHoraAnulacion }) => ({ voidId, line, fechaHoraAnulacion })),
      used: used.total > 0 ? { numbers: used.first, total: used.total, capped: used.capped } : null,
      usedLines: used.total > 0 ? usedLines : [],
      outsideAuthorization: {
        ranges: outside.warnings.map(({ tipoeCF, secuenciaDesde, secuenciaHasta, cantidad }) => ({
          tipoeCF,
          secuenciaDesde,
          secuenciaHasta,
          cantidad,
        })),
        total: outside.total,
      },
    };
  } catch (error) {
    return toActionFailure(error, locale);
  }
}

export interface SubmitInput extends DraftInput {
  /**
   * The fecha shown in the preview and the confirm dialog: what is signed is what was seen. Omitted
   * for a void the approval policy holds: the instant of the approval is signed.
   */
  fechaHoraAnulacion?: string;
  /**
   * The clerk confirmed a request (the tool saw the policy on): if the policy was switched off
   * meanwhile, nothing is sent and the tool asks to review again, never a void sent unawares.
   */
  expectRequest?: boolean;
  /** One per confirmed submission: a double click or a retry replays the stored outcome. */
  idempotencyKey: string;
  /** DGII's 608 reason and the clerk's text: both required in the portal. */
  reason?: { code: string; text: string | null } | null;
}

/**
 * The portal requires a reason (the API does not): a code of DGII's 608 catalogue and the clerk's
 * text, checked here too so no void leaves the portal without one — never a default.
 */
function portalReason(reason: SubmitInput["reason"]): VoidReason {
  const chosen = reason ? reasonOfDraft({ code: reason.code, text: reason.text ?? "" }) : null;
  if (!chosen) {
    throw new AppError(
      "INVALID_MOTIVO",
      "Elija el motivo de la anulación y descríbalo (hasta 250 caracteres).",
    );
  }
  return chosen;
}

export interface SubmitOutcome {
  ok: true;
  /** accepted or rejected by DGII, or unconfirmed (Error): the result page explains each. */
  outcome: "accepted" | "rejected" | "unconfirmed";
  voidId: string;
  status: "Aceptado" | "Rechazado" | "Error";
  environment: Environment;
  /** createVoid's warnings (ranges outside every authorization entered), when there are any. */
  warnings?: SubmitWarning[];
}

/** The company's approval policy held the void: a request, nothing signed or sent. */
export interface RequestedOutcome {
  ok: true;
  outcome: "requested";
  requestId: string;
  environment: Environment;
  /** The same Idempotency-Key found the request made before (a double click, a retry). */
  replayed: boolean;
}

/**
 * Sends the void through createVoid, exactly as POST /{env}/customer/void-ncf does — or, under the
 * company's approval policy for the environment, stores it as a request that another person approves
 * (sendOrRequestVoid): then nothing is signed or sent and the tool opens the request's page.
 */
export async function submitVoid(
  input: SubmitInput,
): Promise<SubmitOutcome | RequestedOutcome | ActionFailure> {
  let locale: Locale = "es";
  try {
    const auth = await requirePortalAuth("action submitVoid");
    locale = (await getPortalPreferences()).locale;
    const environment = environmentOf(input.environment);
    const reason = portalReason(input.reason);
    await enforceRateLimit(`void:${auth.accountId}`);
    if (input.expectRequest === true && !(await getApprovalPolicy(auth.accountId, environment)).enabled) {
      return policyChanged(locale);
    }
    const sent = await sendOrRequestVoid({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      body: {
        draftLines: input.ranges,
        ...(typeof input.fechaHoraAnulacion === "string"
          ? { fechaHoraAnulacion: input.fechaHoraAnulacion }
          : {}),
      },
      createdBy: `${auth.actor} (portal)`,
      reason,
      idempotencyKey: input.idempotencyKey,
      locale,
      requester: auth,
      ip: await requestIp(),
    });
    if (sent.kind === "requested") {
      return {
        ok: true,
        outcome: "requested",
        requestId: sent.request.requestId,
        environment,
        replayed: sent.replayed,
      };
    }
    const result = sent.result;
    return {
      ok: true,
      outcome: result.outcome,
      voidId: result.attempt.voidId,
      status: result.attempt.status,
      environment,
      ...(result.warnings && result.warnings.length > 0
        ? {
            warnings: result.warnings.map(({ code, tipoeCF, secuenciaDesde, secuenciaHasta, cantidad }) => ({
              code,
              tipoeCF,
              secuenciaDesde,
              secuenciaHasta,
              cantidad,
            })),
          }
        : {}),
    };
  } catch (error) {
    return toActionFailure(error, locale);
  }
}
