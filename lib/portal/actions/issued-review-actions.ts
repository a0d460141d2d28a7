"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment } from "@/lib/domain/environments";
import { AppError, isAppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { evidenceField } from "@/lib/portal/evidence-field";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { decideIssuedReview } from "@/lib/server/issuing/review/decide-review";
import { portalBy } from "@/lib/server/platform/activity/request-ip";

import { getPortalPreferences } from "../preferences";
import type { ActionResult } from "./action-result";

/**
 * A person's decision on an issued e-CF "Por confirmar" (approvers), from the decision dialog: form
 * fields ecf, environment, decision, trackId, estado, note and the optional file evidence. The same
 * use case and checks as POST …/documentos-ecf/{ecf}/resolution; messages in the user's language.
 */
export async function decideIssuedReviewAction(formData: FormData): Promise<ActionResult> {
  const auth = await requirePortalAuth("action decideIssuedReviewAction");
  const locale = (await getPortalPreferences()).locale;
  try {
    const environment = String(formData.get("environment") ?? "");
    if (!isEnvironment(environment)) {
      throw new AppError("ENVIRONMENT_NOT_FOUND", `El ambiente ${environment} no existe.`);
    }
    const decision = formData.get("decision");
    const decided = await decideIssuedReview({
      accountId: auth.accountId,
      environment,
      ncf: String(formData.get("ecf") ?? ""),
      body:
        decision === "received"
          ? {
              decision,
              trackId: formData.get("trackId"),
              estado: formData.get("estado"),
              note: formData.get("note"),
            }
          : { decision, note: formData.get("note") },
      evidence: await evidenceField(formData),
      userId: auth.userId,
      by: `${auth.actor} (portal)`,
      activityBy: await portalBy(auth),
    });
    revalidatePath("/voids", "layout");
    return { ok: true, message: getDictionary(locale).voidSettle.issued.done[decided.decision] };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, message: errorMessage(error, locale) };
    throw error;
  }
}
