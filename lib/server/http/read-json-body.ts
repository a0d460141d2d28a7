import "server-only";

import { AppError } from "@/lib/errors";

/** 1 MiB. A void request at the spec's limits (10 types × 10,000 ranges) is larger: its route passes more. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The request's JSON body: 400 EMPTY_BODY when there is none (or only whitespace), 400 INVALID_JSON
 * when it does not parse, 413 PAYLOAD_TOO_LARGE past `maxBytes` (checked while reading, so a huge
 * body is never buffered whole).
 */
export async function readJsonBody(request: Request, options: { maxBytes?: number } = {}): Promise<unknown> {
  return parseJsonBytes(await readBodyBytes(request, options));
}

/** The JSON of a body read by readBodyBytes: 400 EMPTY_BODY when blank, 400 INVALID_JSON when it does not parse. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  // fatal: false → invalid UTF-8 becomes U+FFFD and then, usually, INVALID_JSON.
  const text = new TextDecoder("utf-8").decode(bytes);
  if (text.trim() === "") throw new AppError("EMPTY_BODY", "El cuerpo de la solicitud está vacío.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", "El cuerpo de la solicitud no es JSON válido.");
  }
}

/** The raw body, or 413 PAYLOAD_TOO_LARGE past `maxBytes` (checked while reading). */
export async function readBodyBytes(request: Request, options: { maxBytes?: number } = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `El cuerpo de la solicitud supera el máximo de ${maxBytes} bytes.`,
  );
}
