"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { AppError, isAppError } from "@/lib/errors";
import { format, formatNumber, getDictionary } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { evidenceField } from "@/lib/portal/evidence-field";
import { portalBy } from "@/lib/server/platform/activity/request-ip";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { checkResendConfirmation, resendVoid } from "@/lib/server/voids/resend-void";
import { settleVoid } from "@/lib/server/voids/settle-void";

import { getPortalPreferences } from "../preferences";
import type { ActionResult } from "./action-result";

/**
 * Settling a void whose outcome is unknown (the queue "Por confirmar" and the void's page):
 * "Registrar resultado" and "Reenviar el mismo documento", for approvers. Messages in the user's
 * language; the server checks the role, the record's state and the lease again.
 */

async function localeOf(): Promise<Locale> {
  return (await getPortalPreferences()).locale;
}

function failed(error: unknown, locale: Locale): ActionResult {
  if (isAppError(error) && error.status < 500) {
    return { ok: false, message: errorMessage(error, locale) };
  }
  throw error;
}

function environmentOf(value: FormDataEntryValue | string | null) {
  const environment = typeof value === "string" ? value : "";
  if (!isEnvironment(environment)) {
    throw new AppError("ENVIRONMENT_NOT_FOUND", `El ambiente ${environment} no existe.`);
  }
  return environment;
}

/** "Registrar resultado": outcome, note and an optional evidence file (form fields voidId, environment). */
export async function settleVoidAction(formData: FormData): Promise<ActionResult> {
  const auth = await requirePortalAuth("action settleVoidAction");
  const locale = await localeOf();
  try {
    const voidId = String(formData.get("voidId") ?? "");
    const environment = environmentOf(formData.get("environment"));
    await settleVoid({
      accountId: auth.accountId,
      environment,
      voidId,
      outcome: formData.get("outcome"),
      note: formData.get("note"),
      evidence: await evidenceField(formData),
      userId: auth.userId,
      by: `${auth.actor} (portal)`,
      activityBy: await portalBy(auth),
    });
    revalidatePath("/voids", "layout");
    return { ok: true, message: getDictionary(locale).voidSettle.settle.done };
  } catch (error) {
    return failed(error, locale);
  }
}

/**
 * "Reenviar el mismo documento", after a typed confirmation: "REENVIAR" or the voidId's last 6
 * characters (400 RESEND_NOT_CONFIRMED otherwise: nothing is sent).
 */
export async function resendVoidAction(
  voidId: string,
  environment: string,
  confirmation: string,
): Promise<ActionResult> {
  const auth = await requirePortalAuth("action resendVoidAction");
  const locale = await localeOf();
  try {
    const id = String(voidId ?? "");
    checkResendConfirmation(id, String(confirmation ?? ""));
    const result = await resendVoid({
      accountId: auth.accountId,
      environment: environmentOf(environment),
      voidId: id,
      requestedBy: `${auth.actor} (portal)`,
      activityBy: await portalBy(auth),
    });
    revalidatePath("/voids", "layout");
    const t = getDictionary(locale).voidSettle.resend;
    if (result.partial) {
      return {
        ok: true,
        message: format(t.outcome.partial, {
          voided: formatNumber(result.partial.totalVoided, locale),
          excepted: formatNumber(result.partial.totalExcepted, locale),
        }),
      };
    }
    return { ok: true, message: t.outcome[result.outcome] };
  } catch (error) {
    return failed(error, locale);
  }
}
