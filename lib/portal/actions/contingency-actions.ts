"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment } from "@/lib/domain/environments";
import { format } from "@/lib/i18n";
import { deadlineSettingsSchema, type DeadlineSettingsInput } from "@/lib/schemas/deadline-settings";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { declareContingency, endContingency, saveDeadlineSettings } from "@/lib/server/contingency";
import { portalBy } from "@/lib/server/platform/activity/request-ip";

import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

const PAGE = "/settings/contingency";

/** Declares a connectivity contingency of the session's company in `environment`, from now. Administrators. */
export async function declareContingencyAction(environment: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action declareContingencyAction");
  const t = await dictionary();
  if (!isEnvironment(environment)) return { ok: false, message: t.errors.generic };
  try {
    await declareContingency(auth.accountId, environment, await portalBy(auth));
    revalidatePath(PAGE);
    return { ok: true, message: format(t.contingency.declared, { environment }) };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** Ends the session's company's contingency in `environment`, now. Administrators. */
export async function endContingencyAction(environment: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action endContingencyAction");
  const t = await dictionary();
  if (!isEnvironment(environment)) return { ok: false, message: t.errors.generic };
  try {
    await endContingency(auth.accountId, environment, await portalBy(auth));
    revalidatePath(PAGE);
    return { ok: true, message: format(t.contingency.ended, { environment }) };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/**
 * Saves the deferred-sending window and the approaching share of the session's company, and the
 * gap window and forecast settings of the environment the form was shown in. Administrators.
 */
export async function saveDeadlineSettingsAction(input: DeadlineSettingsInput): Promise<ActionResult> {
  const auth = await requirePortalAuth("action saveDeadlineSettingsAction");
  const t = await dictionary();
  const parsed = deadlineSettingsSchema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, message: t.contingency.settingsInvalid };
  try {
    await saveDeadlineSettings(auth.accountId, parsed.data, await portalBy(auth));
    revalidatePath("/sequences");
    revalidatePath(PAGE);
    return { ok: true, message: t.contingency.settingsSaved };
  } catch (error) {
    return knownProblemResult(error);
  }
}
