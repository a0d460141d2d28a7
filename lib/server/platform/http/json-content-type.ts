import "server-only";

import { truncateForMessage } from "@/lib/domain/shown-value";
import { AppError } from "@/lib/errors";

/**
 * Whether a Content-Type header value names JSON: `application/json` or a structured-syntax `+json`
 * type (RFC 6839: application/merge-patch+json, application/problem+json, application/vnd.x+json),
 * compared without case, with any parameters (`; charset=utf-8`) ignored: a JSON body is UTF-8
 * whatever a charset says (RFC 8259), and is always decoded as such.
 */
export function isJsonMediaType(contentType: string): boolean {
  const mediaType = contentType.split(";", 1)[0]!.trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[!#$&^_.+\w-]+\+json$/.test(mediaType);
}

/**
 * 415 UNSUPPORTED_MEDIA_TYPE unless the request declares a JSON body, called by readBodyBytes, so
 * every JSON endpoint (void-ncf, /auth/token, the documents batch and import) checks it in one place.
 *
 * A request with no Content-Type at all (or an empty one) is read as JSON: it declares nothing that
 * contradicts its body, some older integrations and scripts send none, and refusing them would break
 * callers that work today for no gain. What is refused is a body that says it is something else:
 * `curl -d` without `-H` sends application/x-www-form-urlencoded, an HTML form sends that or
 * multipart/form-data, fetch with a string sends text/plain. Reading those as JSON hid client bugs
 * (and accepted "simple" cross-site requests that a browser sends without a CORS preflight).
 */
export function requireJsonContentType(request: Request): void {
  const contentType = request.headers.get("content-type")?.trim() ?? "";
  if (contentType === "" || isJsonMediaType(contentType)) return;
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `El cuerpo debe ser JSON con Content-Type: application/json; se recibió "${truncateForMessage(contentType)}".`,
  );
}
