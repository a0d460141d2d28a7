import "server-only";

import { createHash } from "node:crypto";

import { parseMultipart } from "./multipart";

/**
 * The digest of a request's `xml` file part for the call log: two sends of the same signed document
 * carry the same bytes (the multipart boundary differs, the file does not). Empty when there is none.
 */
export function xmlPartDigest(
  body: Buffer,
  contentType: string | undefined,
): { xmlSha256?: string; xmlBytes?: number } {
  const part = parseMultipart(body, contentType)?.find(
    (candidate) => candidate.name?.toLowerCase() === "xml",
  );
  if (!part) return {};
  return { xmlSha256: createHash("sha256").update(part.data).digest("hex"), xmlBytes: part.data.length };
}
