import "server-only";

import { isAppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";

import { getPortalPreferences } from "../preferences";

/** Every settings action answers with a message to show. */
export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/** The portal user's dictionary, for an action's messages. */
export async function dictionary() {
  return getDictionary((await getPortalPreferences()).locale);
}

/**
 * Known problems (wrong password, expired certificate…) in the user's language: as the lib words them
 * for a Spanish reader, the catalogue's wording of the code for an English one (lib/i18n errorMessage).
 * Anything else (an unknown error, a server fault) is thrown again, for Next's error page.
 */
export async function knownProblemResult(error: unknown): Promise<ActionResult> {
  if (!isAppError(error) || error.status >= 500) throw error;
  return { ok: false, message: errorMessage(error, (await getPortalPreferences()).locale) };
}
