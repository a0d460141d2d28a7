"use server";

import "server-only";

import { isEnvironment, type Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { AppError, isAppError } from "@/lib/errors";
import { errorMessage } from "@/lib/i18n/error-message";
import { requirePortalAuth } from "@/lib/server/auth/next-auth-options";
import { logger } from "@/lib/server/config";
import { findUsedNumbers, ledgerRangesOf, outsideAuthorizationWarnings } from "@/lib/server/ledger";
import { enforceRateLimit } from "@/lib/server/rate-limit";
import { createVoid } from "@/lib/server/voids/create-void";
import { findAcceptedOverlapsByLine } from "@/lib/server/voids/find-accepted-overlaps";
import { findErrorOverlaps } from "@/lib/server/voids/find-error-overlaps";
import { prepareVoidOffThread } from "@/lib/server/voids/prepare-off-thread";
import { storedRequestRanges } from "@/lib/server/voids/stored-ranges";
import { findAcceptedOverlap } from "@/lib/server/voids/void-repository";

import { getPortalPreferences } from "../preferences";

/**
 * Server actions of Tools → Anular e-NCF. They call the same lib code as the REST API (createVoid,
 * findAcceptedOverlap); a viewer is refused here even if the page hid the tool. Actions return
 * plain results instead of throwing, because Next hides thrown messages in production.
 */

export interface ActionFailure {
  ok: false;
  code: string;
  message: string;
  status: number;
  errors?: Array<{ line?: number; code: string; message: string }>;
  extra?: Record<string, unknown>;
}

/**
 * The error as the portal shows it, in the user's language: the void validator's problems (an
 * `errors` list) come written in it (prepareVoid's locale); anything else is the catalogue's
 * wording of its code (lib/i18n errorMessage), never Spanish server text in the English portal.
 */
function failure(error: unknown, locale: Locale = "es"): ActionFailure {
  if (isAppError(error)) {
    const localized = (error.errors?.length ?? 0) > 0;
    return {
      ok: false,
      code: error.code,
      message: errorMessage(error, locale, localized ? locale : "es"),
      status: error.status,
      errors: error.errors?.slice(0, 50),
      extra: error.extra,
    };
  }
  logger.error({ err: error }, "Void tool action failed");
  return {
    ok: false,
    code: "INTERNAL_ERROR",
    message: errorMessage({ code: "INTERNAL_ERROR", message: "" }, locale),
    status: 500,
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
    const [accepted, acceptedLines, errors, used, outside] = await Promise.all([
      findAcceptedOverlap(auth.accountId, environment, request),
      findAcceptedOverlapsByLine(auth.accountId, environment, request),
      findErrorOverlaps(auth.accountId, environment, request),
      findUsedNumbers(auth.accountId, environment, ledgerRanges),
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
    return failure(error, locale);
  }
}

export interface SubmitInput extends DraftInput {
  /** The fecha shown in the preview and the confirm dialog: what is signed is what was seen. */
  fechaHoraAnulacion: string;
  /** One per confirmed submission: a double click or a retry replays the stored outcome. */
  idempotencyKey: string;
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

/** Sends the void through createVoid, exactly as POST /{env}/customer/void-ncf does. */
export async function submitVoid(input: SubmitInput): Promise<SubmitOutcome | ActionFailure> {
  let locale: Locale = "es";
  try {
    const auth = await requirePortalAuth("action submitVoid");
    locale = (await getPortalPreferences()).locale;
    const environment = environmentOf(input.environment);
    await enforceRateLimit(`void:${auth.accountId}`);
    const result = await createVoid({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      body: { draftLines: input.ranges, fechaHoraAnulacion: input.fechaHoraAnulacion },
      createdBy: `${auth.actor} (portal)`,
      idempotencyKey: input.idempotencyKey,
      locale,
    });
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
    return failure(error, locale);
  }
}
