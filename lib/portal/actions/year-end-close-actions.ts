"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment } from "@/lib/domain/environments";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import {
  confirmStoppedIssuing,
  createYearEndClose,
  decideCompany,
  startYearEndClose,
} from "@/lib/server/year-end-close";

import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

const PAGE = "/organization/cierre-de-ano";

/** Prepares a year-end close of the session's organization in `environment` (its administrators). */
export async function createYearEndCloseAction(input: {
  environment: string;
  year: number;
  includeSkipped: boolean;
}): Promise<ActionResult & { closeId?: string }> {
  const auth = await requirePortalAuth("action createYearEndCloseAction");
  const t = await dictionary();
  const environment = String(input?.environment);
  if (!isEnvironment(environment)) return { ok: false, message: t.errors.generic };
  try {
    const close = await createYearEndClose(auth, environment, {
      year: input.year,
      includeSkipped: input.includeSkipped,
    });
    revalidatePath(PAGE);
    return { ok: true, message: t.yearEndClose.created, closeId: close.id };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** A person confirms the company stopped issuing from its still-valid authorizations. */
export async function confirmYearEndCloseAction(input: {
  environment: string;
  closeId: string;
  companyId: string;
}): Promise<ActionResult> {
  const auth = await requirePortalAuth("action confirmYearEndCloseAction");
  const t = await dictionary();
  const environment = String(input?.environment);
  if (!isEnvironment(environment)) return { ok: false, message: t.errors.generic };
  try {
    await confirmStoppedIssuing(auth, environment, String(input.closeId), String(input.companyId));
    revalidatePath(PAGE);
    return { ok: true, message: t.yearEndClose.done };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** The company's one decision (approve or reject), by one of its approvers where its policy asks. */
export async function decideYearEndCloseAction(input: {
  environment: string;
  closeId: string;
  companyId: string;
  decision: string;
}): Promise<ActionResult> {
  const auth = await requirePortalAuth("action decideYearEndCloseAction");
  const t = await dictionary();
  const environment = String(input?.environment);
  if (!isEnvironment(environment)) return { ok: false, message: t.errors.generic };
  try {
    await decideCompany(auth, environment, String(input.closeId), String(input.companyId), {
      decision: input.decision,
    });
    revalidatePath(PAGE);
    return { ok: true, message: t.yearEndClose.done };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** Starts the sends of a decided campaign (the organization's administrators). */
export async function startYearEndCloseAction(input: {
  environment: string;
  closeId: string;
}): Promise<ActionResult> {
  const auth = await requirePortalAuth("action startYearEndCloseAction");
  const t = await dictionary();
  const environment = String(input?.environment);
  if (!isEnvironment(environment)) return { ok: false, message: t.errors.generic };
  try {
    await startYearEndClose(auth, environment, String(input.closeId));
    revalidatePath(PAGE);
    return { ok: true, message: t.yearEndClose.done };
  } catch (error) {
    return knownProblemResult(error);
  }
}
