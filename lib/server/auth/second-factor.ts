import "server-only";

import { generateSecret, generateURI, verify } from "otplib";

import { AppError } from "@/lib/errors";
import { open, seal } from "@/lib/server/platform/secrets/encryption";
import { totpSecretContext } from "@/lib/server/platform/secrets/sealing-contexts";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb, nowMs } from "@/lib/server/platform/db";

import {
  deleteRecoveryCodes,
  looksLikeRecoveryCode,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from "./recovery-codes";

/**
 * TOTP (RFC 6238) second factor, as authenticator apps speak it: SHA-1, 6 digits, 30 s. otplib does
 * the arithmetic (well kept, audited crypto plugins). The secret is stored AES-256-GCM encrypted with
 * ENCRYPTION_KEY, bound to the user's id. A code is accepted once (totpLastStep), within one step
 * of clock drift either way.
 */
const ISSUER = "Anula";
const EPOCH_TOLERANCE_SECONDS = 30;

interface SecondFactorColumns {
  id: string;
  totpEnabledAt: bigint | null;
  totpSecretCiphertext: Uint8Array | null;
  totpSecretIv: Uint8Array | null;
  totpSecretTag: Uint8Array | null;
  totpLastStep: bigint | null;
}

function secretOf(user: SecondFactorColumns): string | null {
  if (!user.totpSecretCiphertext || !user.totpSecretIv || !user.totpSecretTag) return null;
  return open(
    loadConfig().decryptionKeys,
    { ciphertext: user.totpSecretCiphertext, iv: user.totpSecretIv, tag: user.totpSecretTag } as never,
    totpSecretContext(user.id),
  ).toString("utf8");
}

/**
 * A second-factor check: accepted ("ok", or "recovery" when a recovery code was spent), or refused
 * as not the current code or one already used (same time step).
 */
export type SecondFactorOutcome = "ok" | "recovery" | "wrong" | "reused";

/**
 * Checks `code` against the user's secret and, when it matches a time step not used before, records
 * that step (a code seen twice is refused: someone may have read it over the user's shoulder). A
 * code of a step already used says "reused", so the person is told to wait for the next code.
 */
async function acceptCode(
  user: SecondFactorColumns,
  code: string | undefined,
): Promise<Exclude<SecondFactorOutcome, "recovery">> {
  const token = code?.replace(/\s+/g, "") ?? "";
  const secret = secretOf(user);
  if (!secret || !/^\d{6}$/.test(token)) return "wrong";
  const result = await verify({ secret, token, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  if (!result.valid || !("timeStep" in result)) return "wrong";
  const step = BigInt(result.timeStep as number);
  if (user.totpLastStep !== null && step <= user.totpLastStep) return "reused";
  const db = await getDb();
  // Claimed only while the step is newer: of two sign-ins with one code racing, one wins.
  const { count } = await db.user.updateMany({
    where: {
      id: user.id,
      OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }],
    },
    data: { totpLastStep: step },
  });
  return count === 1 ? "ok" : "reused";
}

/**
 * At sign-in: "ok" when the user has no second factor, or `otp` is its current code or one of their
 * unused recovery codes (then spent); "wrong" or "reused" otherwise; 401 OTP_REQUIRED when the user
 * has one and no code was given (the form then asks for it).
 */
export async function secondFactorOutcome(
  user: SecondFactorColumns,
  otp: string | undefined,
): Promise<SecondFactorOutcome> {
  if (user.totpEnabledAt === null) return "ok";
  if (!otp?.trim()) {
    throw new AppError(
      "OTP_REQUIRED",
      "Este usuario inicia sesión con un segundo factor: indique el código de 6 dígitos de su aplicación de autenticación (otp).",
    );
  }
  if (looksLikeRecoveryCode(otp)) return (await spendRecoveryCode(user.id, otp)) ? "recovery" : "wrong";
  return acceptCode(user, otp);
}

/** secondFactorOutcome as a yes or no (a wrong and a reused code alike are refused). */
export async function checkSecondFactor(
  user: SecondFactorColumns,
  otp: string | undefined,
): Promise<boolean> {
  return secondFactorAccepted(await secondFactorOutcome(user, otp));
}

export function secondFactorAccepted(
  outcome: SecondFactorOutcome,
): outcome is Extract<SecondFactorOutcome, "ok" | "recovery"> {
  return outcome === "ok" || outcome === "recovery";
}

export interface TotpEnrollment {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** otpauth:// URI, for a QR code. */
  uri: string;
}

/**
 * Starts (or restarts) setting up the second factor: a new secret, stored but not in force until
 * confirmTotp proves the user's app has it. A user who already has one must disable it first.
 */
export async function beginTotpEnrollment(userId: string): Promise<TotpEnrollment> {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, totpEnabledAt: true },
  });
  if (!user) throw new AppError("NOT_FOUND", "El usuario no existe.");
  if (user.totpEnabledAt !== null) {
    throw new AppError(
      "VALIDATION_FAILED",
      "El segundo factor ya está activo: desactívelo antes de configurar otro.",
    );
  }
  const secret = generateSecret();
  const sealed = seal(loadConfig().encryptionKey, Buffer.from(secret, "utf8"), totpSecretContext(userId));
  await db.user.update({
    where: { id: userId },
    data: {
      totpSecretCiphertext: sealed.ciphertext,
      totpSecretIv: sealed.iv,
      totpSecretTag: sealed.tag,
      totpLastStep: null,
      updatedAt: nowMs(),
    },
  });
  return { secret, uri: generateURI({ issuer: ISSUER, label: user.email, secret }) };
}

/**
 * Puts the second factor in force once the user typed a current code from their app, and returns
 * its recovery codes (shown once; see recovery-codes.ts). Already in force: null.
 */
export async function confirmTotpEnrollment(userId: string, code: string): Promise<string[] | null> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError("NOT_FOUND", "El usuario no existe.");
  if (user.totpEnabledAt !== null) return null;
  const outcome = await acceptCode(user, code);
  if (outcome !== "ok") throw codeRefused(outcome);
  await db.user.update({ where: { id: userId }, data: { totpEnabledAt: nowMs(), updatedAt: nowMs() } });
  return replaceRecoveryCodes(userId);
}

/** The error for a refused code in Mi cuenta: a wrong one, or one already used (wait for the next). */
export function codeRefused(outcome: Exclude<SecondFactorOutcome, "ok" | "recovery">): AppError {
  const message =
    outcome === "reused"
      ? "Ese código ya se usó: espere a que su aplicación muestre el siguiente (unos 30 segundos) y escríbalo."
      : "El código no coincide: revise la hora de su teléfono y escriba el código que muestra ahora.";
  return new AppError("VALIDATION_FAILED", message, {
    errors: [{ field: "code", code: "VALIDATION_FAILED", message }],
  });
}

/** Removes the second factor (the user themself, or an administrator of their home organization). */
export async function disableTotp(userId: string): Promise<void> {
  const db = await getDb();
  await db.user.update({
    where: { id: userId },
    data: {
      totpEnabledAt: null,
      totpSecretCiphertext: null,
      totpSecretIv: null,
      totpSecretTag: null,
      totpLastStep: null,
      updatedAt: nowMs(),
    },
  });
  await deleteRecoveryCodes(userId);
}
