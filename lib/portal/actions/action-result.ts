import "server-only";

import { isAppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";

import { getPortalPreferences } from "../preferences";

/** Every settings action answers with a message to show. */
export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/** The portal user's dictionary, for an action's messages. */
export async function dictionary() {
  return getDictionary((await getPortalPreferences()).locale);
}

/** Known problems (wrong password, expired certificate…) are shown as the lib words them. */
export function failure(error: unknown): ActionResult {
  if (isAppError(error) && error.status < 500) return { ok: false, message: error.message };
  throw error;
}
