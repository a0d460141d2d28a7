"use server";

import "server-only";

import { cookies } from "next/headers";

import { isEnvironment } from "@/lib/domain/environments";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";

import { ENVIRONMENT_COOKIE, LOCALE_COOKIE } from "../preferences";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const COOKIE_OPTIONS = { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "lax", httpOnly: true } as const;

/** Switches the portal's language (also before signing in: the login page has the switch). */
export async function setLocaleAction(locale: string): Promise<void> {
  (await cookies()).set(LOCALE_COOKIE, locale === "en" ? "en" : "es", COOKIE_OPTIONS);
}

/** Switches the environment every portal page works in; signed-in users only. */
export async function setEnvironmentAction(environment: string): Promise<{ ok: boolean }> {
  await requirePortalAuth("action setEnvironmentAction");
  if (!isEnvironment(environment)) return { ok: false };
  (await cookies()).set(ENVIRONMENT_COOKIE, environment, COOKIE_OPTIONS);
  return { ok: true };
}
