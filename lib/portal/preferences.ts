import "server-only";
import { cookies } from "next/headers";
import { isEnvironment, type Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";

/** Portal preferences live in plain cookies (not secrets): the UI language and the environment. */
export const LOCALE_COOKIE = "anula_lang";
export const ENVIRONMENT_COOKIE = "anula_env";

export interface PortalPreferences {
  locale: Locale;
  environment: Environment;
}

/** The signed-in user's language (es by default) and chosen environment (TesteCF by default). */
export async function getPortalPreferences(): Promise<PortalPreferences> {
  const jar = await cookies();
  const locale = jar.get(LOCALE_COOKIE)?.value === "en" ? "en" : "es";
  const environment = jar.get(ENVIRONMENT_COOKIE)?.value ?? "";
  return { locale, environment: isEnvironment(environment) ? environment : "TesteCF" };
}
