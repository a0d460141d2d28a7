import "server-only";

import { AppError } from "@/lib/errors";
import { findUnsafeText, jsonMayHoldUnsafeText } from "@/lib/schemas/safe-text";

import { requireJsonContentType } from "./json-content-type";

/** 1 MiB. A void request at the spec's limits (10 types × 10,000 ranges) is larger: its route passes more. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The request's JSON body: 415 UNSUPPORTED_MEDIA_TYPE when its Content-Type is not JSON, 400
 * EMPTY_BODY when there is none (or only whitespace), 400 INVALID_JSON when it does not parse, 413
 * PAYLOAD_TOO_LARGE past `maxBytes` (checked while reading, so a huge body is never buffered whole).
 */
export async function readJsonBody(request: Request, options: { maxBytes?: number } = {}): Promise<unknown> {
  return parseJsonBytes(await readBodyBytes(request, options));
}

/**
 * The body of an endpoint that takes none but must not ignore one (an approval sends a void: a
 * garbled request must not): undefined when empty or blank, otherwise read as readJsonBody reads it
 * (400 INVALID_JSON when it does not parse).
 */
export async function readOptionalJsonBody(
  request: Request,
  options: { maxBytes?: number } = {},
): Promise<unknown> {
  const bytes = await readBodyBytes(request, options);
  if (new TextDecoder("utf-8").decode(bytes).trim() === "") return undefined;
  return parseJsonBytes(bytes);
}

/**
 * The deepest nesting of lists and objects a JSON body may have. Every body of this API is at most
 * ~6 levels deep (an import's taxauthResponse holds an authority answer of a few more); a deeper
 * one is an attack or a bug. Refusing it here, where every body is parsed (on the main thread and
 * on the void worker thread alike), keeps recursive code further on (JSON.stringify, hashing) from
 * ever meeting a value that overflows its stack: that was a 500.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The JSON of a body read by readBodyBytes: 400 EMPTY_BODY when blank, 400 INVALID_JSON when it
 * does not parse or is nested deeper than MAX_JSON_DEPTH, 400 VALIDATION_FAILED naming each field
 * that holds a character no text may hold (safe-text.ts: U+0000, a lone surrogate, a C0 control).
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  // fatal: false → invalid UTF-8 becomes U+FFFD and then, usually, INVALID_JSON.
  const text = new TextDecoder("utf-8").decode(bytes);
  if (text.trim() === "") throw new AppError("EMPTY_BODY", "El cuerpo de la solicitud está vacío.");
  if (nestingExceeds(text, MAX_JSON_DEPTH)) {
    throw new AppError(
      "INVALID_JSON",
      `El cuerpo de la solicitud anida listas u objetos a más de ${MAX_JSON_DEPTH} niveles; ningún campo de esta API lo necesita.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", "El cuerpo de la solicitud no es JSON válido.");
  }
  if (jsonMayHoldUnsafeText(text)) refuseUnsafeText(value);
  return value;
}

/** 400 VALIDATION_FAILED naming every field (up to 20) whose text safe-text.ts refuses. */
export function refuseUnsafeText(value: unknown): void {
  const found = findUnsafeText(value);
  if (found.length === 0) return;
  const errors = found.map(({ field, message }) => ({ field, code: "VALIDATION_FAILED" as const, message }));
  throw new AppError("VALIDATION_FAILED", errors.map((error) => error.message).join(" "), { errors });
}

/**
 * Whether `[`/`{` open more than `max` levels at some point, counted outside strings. One pass over
 * the text before it is parsed (about what JSON.parse takes: ~20 ms for the 8 MB of 100,000 ranges,
 * on the worker thread for bodies that large), exact for valid JSON; on text that is not JSON the
 * answer does not matter (JSON.parse refuses it next).
 */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character (\" stays in the string)
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The raw body of a JSON endpoint: 415 UNSUPPORTED_MEDIA_TYPE when its Content-Type is not JSON
 * (json-content-type.ts), 413 PAYLOAD_TOO_LARGE past `maxBytes` (checked while reading).
 */
export async function readBodyBytes(request: Request, options: { maxBytes?: number } = {}): Promise<Buffer> {
  requireJsonContentType(request);
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
