import "server-only";

import { getPortalPreferences } from "@/lib/portal/preferences";

import { getDictionary } from "./index";

/** The signed-in user's language, environment and dictionary, for server components and actions. */
export async function getI18n() {
  const preferences = await getPortalPreferences();
  return { ...preferences, t: getDictionary(preferences.locale) };
}
