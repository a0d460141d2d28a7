import "server-only";

import { getDictionary } from "@/lib/i18n";

import { getPortalPreferences } from "./preferences";

/** The signed-in user's language, environment and dictionary, for server components and actions. */
export async function getI18n() {
  const preferences = await getPortalPreferences();
  return { ...preferences, t: getDictionary(preferences.locale) };
}
