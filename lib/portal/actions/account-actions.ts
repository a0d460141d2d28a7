"use server";

import "server-only";

import QRCode from "qrcode";

import { AppError, isAppError } from "@/lib/errors";
import { errorMessage } from "@/lib/i18n/error-message";
import { changeOwnPassword, endUserSessions } from "@/lib/server/accounts";
import { recordOwnAccountChange } from "@/lib/server/platform/activity/own-account-activity";
import { getPortalUser } from "@/lib/server/auth/next-auth-options";
import { replaceRecoveryCodes } from "@/lib/server/auth/recovery-codes";
import {
  beginTotpEnrollment,
  codeRefused,
  confirmTotpEnrollment,
  disableTotp,
  secondFactorAccepted,
  secondFactorOutcome,
} from "@/lib/server/auth/second-factor";
import { getDb } from "@/lib/server/platform/db";

import { getPortalPreferences } from "../preferences";
import { dictionary, type ActionResult } from "./action-result";

/**
 * "Mi cuenta": what a signed-in person does to their own credentials, whatever their companies
 * (a person with no company role, or one sent here to change a temporary password, too). Each action
 * acts on the session's own user only: there is no user id to pass.
 */

async function signedInUser() {
  const user = await getPortalUser();
  if (!user) throw new AppError("UNAUTHORIZED", "Inicie sesión para continuar.");
  return user;
}

/** A known problem in the user's language (the server's Spanish, or the code's wording in English). */
async function failed(error: unknown): Promise<{ ok: false; message: string }> {
  if (!isAppError(error) || error.status >= 500) throw error;
  const { locale } = await getPortalPreferences();
  return { ok: false, message: errorMessage(error, locale) };
}

/**
 * Changes the user's own password (the current one is checked; a temporary one stops being
 * temporary). Every session ends, this one included: the page sends the person to sign in again.
 */
export async function changeOwnPasswordAction(formData: FormData): Promise<ActionResult> {
  const user = await signedInUser();
  const t = await dictionary();
  const current = String(formData.get("currentPassword") ?? "");
  const next = String(formData.get("newPassword") ?? "");
  if (next !== String(formData.get("confirmPassword") ?? "")) {
    return { ok: false, message: t.account.password.mismatch };
  }
  try {
    await changeOwnPassword(user.userId, current, next);
    await recordOwnAccountChange(user.userId, "user.password_changed");
    return { ok: true, message: t.account.password.changed };
  } catch (error) {
    return failed(error);
  }
}

export type EnrollmentResult =
  { ok: true; secret: string; qrDataUrl: string } | { ok: false; message: string };

/**
 * Starts setting up the second factor: a new secret (not in force until confirmed), as a QR code
 * drawn here on the server (an SVG data URL: the secret never leaves for a QR service) and as base32
 * to type by hand.
 */
export async function beginTotpEnrollmentAction(): Promise<EnrollmentResult> {
  const user = await signedInUser();
  try {
    const enrollment = await beginTotpEnrollment(user.userId);
    const svg = await QRCode.toString(enrollment.uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
    return {
      ok: true,
      secret: enrollment.secret,
      qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    };
  } catch (error) {
    return failed(error);
  }
}

export type RecoveryCodesResult =
  { ok: true; message: string; recoveryCodes: string[] } | { ok: false; message: string };

/**
 * Puts the second factor in force with a current code from the user's app; answers its recovery
 * codes, shown once.
 */
export async function confirmTotpEnrollmentAction(code: string): Promise<RecoveryCodesResult> {
  const user = await signedInUser();
  const t = await dictionary();
  try {
    const recoveryCodes = await confirmTotpEnrollment(user.userId, String(code ?? ""));
    await recordOwnAccountChange(user.userId, "user.second_factor_enabled");
    return { ok: true, message: t.account.secondFactor.confirmed, recoveryCodes: recoveryCodes ?? [] };
  } catch (error) {
    return failed(error);
  }
}

/** The app's current code, or 400 with a wrong or reused code's own words (a borrowed session is not enough). */
async function requireCurrentCode(userId: string, code: string): Promise<void> {
  const db = await getDb();
  const row = await db.user.findUniqueOrThrow({ where: { id: userId } });
  if (row.totpEnabledAt === null) return;
  const outcome = await secondFactorOutcome(row, String(code ?? ""));
  if (!secondFactorAccepted(outcome)) throw codeRefused(outcome);
}

/** New recovery codes (the old ones stop working), with a current code from the app; shown once. */
export async function regenerateRecoveryCodesAction(code: string): Promise<RecoveryCodesResult> {
  const user = await signedInUser();
  const t = await dictionary();
  try {
    await requireCurrentCode(user.userId, code);
    const recoveryCodes = await replaceRecoveryCodes(user.userId);
    await recordOwnAccountChange(user.userId, "user.recovery_codes_regenerated");
    return { ok: true, message: t.signInRecovery.recoveryCodes.regenerated, recoveryCodes };
  } catch (error) {
    return failed(error);
  }
}

/** Removes the user's own second factor: only with a current code (a borrowed session is not enough). */
export async function disableOwnTotpAction(code: string): Promise<ActionResult> {
  const user = await signedInUser();
  const t = await dictionary();
  try {
    await requireCurrentCode(user.userId, code);
    await disableTotp(user.userId);
    await recordOwnAccountChange(user.userId, "user.second_factor_disabled");
    return { ok: true, message: t.account.secondFactor.disabled };
  } catch (error) {
    return failed(error);
  }
}

/** "Cerrar sesión en todos los dispositivos": every portal session and API token of the user ends. */
export async function endOwnSessionsAction(): Promise<ActionResult> {
  const user = await signedInUser();
  const t = await dictionary();
  await endUserSessions(user.userId);
  await recordOwnAccountChange(user.userId, "user.sessions_ended");
  return { ok: true, message: t.account.sessions.done };
}
