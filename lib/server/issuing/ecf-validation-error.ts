import "server-only";

import type { EcfValidationError } from "@/lib/domain/ecf-validation";
import { AppError } from "@/lib/errors";
import { currentRequestId } from "@/lib/server/platform/http/request-context";

export const ECF_VALIDATION_MESSAGE = "El e-CF es válido.";

/**
 * MSeller's 400 for an e-CF that does not pass: `{ message, code: "ECF_VALIDATION_FAILED", requestId,
 * details: { validationErrors: [{ code, field, details, name }] } }`, every problem at once. Its clients
 * read `details.validationErrors`; the message names the first problem and how many there are.
 */
export function ecfValidationError(errors: readonly EcfValidationError[]): AppError {
  const [first] = errors;
  if (!first) throw new Error("ecfValidationError needs at least one problem");
  const more = errors.length - 1;
  const message =
    `El e-CF no es válido: ${first.field}: ${first.details}` +
    (more > 0
      ? ` (y ${more} ${more === 1 ? "problema más" : "problemas más"}; ver details.validationErrors)`
      : "") +
    " No se firmó, guardó ni envió nada.";
  return new AppError("ECF_VALIDATION_FAILED", message, {
    extra: { requestId: currentRequestId(), details: { validationErrors: errors } },
  });
}
