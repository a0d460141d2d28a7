"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment } from "@/lib/domain/environments";
import type { VoidDgiiQuestion } from "@/lib/domain/void-dgii-question";
import type { EvidenceView } from "@/lib/domain/void-settlement";
import { AppError, isAppError } from "@/lib/errors";
import { errorMessage } from "@/lib/i18n/error-message";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { askDgiiAboutVoid } from "@/lib/server/voids";

import { getPortalPreferences } from "../preferences";

export type AskDgiiResult =
  { ok: true; question: VoidDgiiQuestion; evidence: EvidenceView } | { ok: false; message: string };

/**
 * "Consultar a la DGII" on a void in Error, for those who settle it (approvers): DGII's answers about
 * the bounds of its ranges, kept as evidence of the void. Every refusal and DGII's failure come back
 * as words in the user's language (nothing is stored then); the void itself never changes.
 */
export async function askDgiiAboutVoidAction(voidId: string, environment: string): Promise<AskDgiiResult> {
  const auth = await requirePortalAuth("action askDgiiAboutVoidAction");
  const { locale } = await getPortalPreferences();
  try {
    const env = String(environment ?? "");
    if (!isEnvironment(env)) throw new AppError("ENVIRONMENT_NOT_FOUND", `El ambiente ${env} no existe.`);
    const answer = await askDgiiAboutVoid({
      accountId: auth.accountId,
      environment: env,
      voidId: String(voidId ?? ""),
      by: `${auth.actor} (portal)`,
    });
    revalidatePath("/voids", "layout");
    return { ok: true, ...answer };
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: errorMessage(error, locale) };
    throw error;
  }
}
