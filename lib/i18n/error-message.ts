import type { Locale } from "@/lib/domain/locale";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors/error-codes";

import { getDictionary } from "./index";

/** What the portal knows of a server error: an AppError, or the plain copy an action returns. */
export interface ServerError {
  code: string;
  message: string;
  status?: number;
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/**
 * A server error in the portal's language. The server writes its messages in Spanish (the REST
 * API's contract), naming the values involved: a Spanish reader gets that text as it is (DGII's
 * 502/503 included: they say what happened with DGII). An English reader gets the catalogue's wording
 * of the code, and so does anyone for a 500, whose text is for the logs, not for a clerk. `serverLocale` is the language the server wrote the message in (the void
 * validator writes in the caller's language).
 */
export function errorMessage(error: ServerError, locale: Locale, serverLocale: Locale = "es"): string {
  const status = error.status ?? (isErrorCode(error.code) ? ERROR_STATUS[error.code] : 500);
  if (serverLocale === locale && status !== 500 && error.message) return error.message;
  const texts = getDictionary(locale).appErrors;
  return texts[error.code] ?? texts.INTERNAL_ERROR!;
}
