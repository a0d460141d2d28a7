import "server-only";

import type { Locale } from "@/lib/domain/locale";
import { isAppError } from "@/lib/errors";
import { errorMessage } from "@/lib/i18n/error-message";
import { logger } from "@/lib/server/platform/config";

/**
 * The failure of a void action (the void tool's, a request's approval) as the portal shows it: plain
 * data instead of a thrown error, because Next hides thrown messages in production.
 */
export interface ActionFailure {
  ok: false;
  code: string;
  message: string;
  status: number;
  errors?: Array<{ line?: number; code: string; message: string }>;
  extra?: Record<string, unknown>;
}

/**
 * The error as the portal shows it, in the user's language: the void validator's problems (an
 * `errors` list) come written in it (prepareVoid's locale); anything else is the catalogue's
 * wording of its code (lib/i18n errorMessage), never Spanish server text in the English portal.
 */
export function toActionFailure(error: unknown, locale: Locale = "es"): ActionFailure {
  if (isAppError(error)) {
    const localized = (error.errors?.length ?? 0) > 0;
    return {
      ok: false,
      code: error.code,
      message: errorMessage(error, locale, localized ? locale : "es"),
      status: error.status,
      errors: error.errors?.slice(0, 50),
      extra: error.extra,
    };
  }
  logger.error({ err: error }, "Void action failed");
  return {
    ok: false,
    code: "INTERNAL_ERROR",
    message: errorMessage({ code: "INTERNAL_ERROR", message: "" }, locale),
    status: 500,
  };
}
