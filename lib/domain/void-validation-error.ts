import { AppError } from "../errors";
import type { Locale } from "./locale";
import { DEFAULT_LOCALE } from "./locale";
import type { VoidValidationIssue } from "./void-request";

const MORE: Record<Locale, (n: number) => string> = {
  es: (n) => ` (y ${n} ${n === 1 ? "problema más" : "problemas más"}; ver errors)`,
  en: (n) => ` (and ${n} more ${n === 1 ? "problem" : "problems"}; see errors)`,
};

/**
 * The 400 of a failed void validation: `code` and `message` of the first problem (the spec's body),
 * and `errors` listing every problem found so the user can fix them all at once.
 */
export function voidValidationError(
  issues: VoidValidationIssue[],
  issueCount: number = issues.length,
  locale: Locale = DEFAULT_LOCALE,
): AppError {
  const [first] = issues;
  if (!first) throw new Error("voidValidationError needs at least one issue");
  const rest = issueCount - 1;
  const message = rest > 0 ? first.message + MORE[locale](rest) : first.message;
  return new AppError(first.code, message, {
    errors: issues,
    extra: issueCount > issues.length ? { errorCount: issueCount } : undefined,
  });
}
