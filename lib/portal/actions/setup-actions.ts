"use server";

import "server-only";

import { headers } from "next/headers";
import { redirect } from "next/navigation";

import { isAppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { setupFormSchema } from "@/lib/schemas/first-run";
import { clientAddressOf } from "@/lib/server/platform/http/client-address";
import { completeFirstRun, isSetupOpen } from "@/lib/server/setup/first-run";
import { setupClosed } from "@/lib/server/setup/setup-token";

import { getPortalPreferences } from "../preferences";

/** Why the setup did not happen: a message in the user's language, and per field when known. */
export interface SetupRefusal {
  ok: false;
  code: string;
  status: number;
  message: string;
  fieldErrors: Record<string, string>;
}

/**
 * The /setup form (public: nobody can be signed in yet; ENTRY_POINTS "public"). Refuses with 403
 * SETUP_CLOSED once any user exists, and — in the same words — for a wrong or expired setup token
 * (throttled like sign-ins). On success the organization, company and administrator exist and the
 * browser goes to /login with a notice.
 */
export async function completeSetupAction(values: unknown): Promise<SetupRefusal> {
  const { locale } = await getPortalPreferences();
  const t = getDictionary(locale).setup;
  const refuse = (error: { code: string; message: string; status: number; errors?: unknown }) => ({
    ok: false as const,
    code: error.code,
    status: error.status,
    message: errorMessage(error, locale),
    fieldErrors: {},
  });
  if (!(await isSetupOpen())) return refuse(setupClosed());
  const parsed = setupFormSchema(t.validation).safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    const first = parsed.error.issues[0]?.message ?? t.validation.tokenRequired;
    return { ok: false, code: "VALIDATION_FAILED", status: 400, message: first, fieldErrors };
  }
  const { token, ...details } = parsed.data;
  try {
    await completeFirstRun(details, {
      kind: "token",
      token,
      clientAddress: clientAddressOf(await headers()),
    });
  } catch (error) {
    if (isAppError(error) && error.status < 500) return refuse(error);
    throw error;
  }
  redirect("/login?notice=setupDone");
}
