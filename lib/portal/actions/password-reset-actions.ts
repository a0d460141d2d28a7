"use server";

import "server-only";

import { headers } from "next/headers";

import { isAppError } from "@/lib/errors";
import { requestPasswordReset, resetPasswordWithToken } from "@/lib/server/accounts";
import { clientAddressOf } from "@/lib/server/platform/http/client-address";

import { getPortalPreferences } from "../preferences";
import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

/**
 * "¿Olvidó su contraseña?" for a signed-out person: ask for the e-mailed link, then set the password
 * with it. Neither needs a session; the link's token is the proof (lib/server/accounts/password-reset).
 */

/** The same answer whether the e-mail is a user's or not; only the limits answer otherwise. */
export async function requestPasswordResetAction(formData: FormData): Promise<ActionResult> {
  const t = await dictionary();
  const email = String(formData.get("email") ?? "").trim();
  if (!email) return { ok: false, message: t.login.emailRequired };
  try {
    await requestPasswordReset({
      email,
      clientAddress: clientAddressOf(await headers()),
      locale: (await getPortalPreferences()).locale,
    });
    return { ok: true, message: t.signInRecovery.forgot.sent };
  } catch (error) {
    if (isAppError(error) && error.code === "RATE_LIMITED") {
      return { ok: false, message: t.signInRecovery.forgot.tooMany };
    }
    if (isAppError(error) && error.code === "SERVICE_UNAVAILABLE") {
      return { ok: false, message: t.signInRecovery.forgot.noEmail };
    }
    throw error;
  }
}

/** Sets the new password with the link's token; the page then sends the person to sign in. */
export async function resetPasswordAction(formData: FormData): Promise<ActionResult> {
  const t = await dictionary();
  const next = String(formData.get("newPassword") ?? "");
  if (next !== String(formData.get("confirmPassword") ?? "")) {
    return { ok: false, message: t.account.password.mismatch };
  }
  try {
    await resetPasswordWithToken(String(formData.get("token") ?? ""), next);
    return { ok: true, message: t.login.passwordReset };
  } catch (error) {
    if (isAppError(error) && error.errors?.some((problem) => problem.field === "token")) {
      return { ok: false, message: t.signInRecovery.reset.invalid };
    }
    return knownProblemResult(error);
  }
}
