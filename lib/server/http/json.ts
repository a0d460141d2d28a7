import "server-only";

import { randomUUID } from "node:crypto";

/**
 * JSON text made elsewhere, placed as is where it appears in a response body: the 100,000 ranges
 * of a void answer are ~10 MB of JSON, written on the worker thread that validated them, which
 * would otherwise cost ~40 ms of the event loop to stringify again.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with each RawJson value replaced by its text. */
export function stringifyJson(body: unknown): string {
  const raw = new Map<string, string>();
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    // A random 122-bit marker: no other string of the body can be equal to it.
    const marker = `raw-json-${randomUUID()}`;
    raw.set(JSON.stringify(marker), value.text);
    return marker;
  });
  let result = text;
  for (const [marker, rawText] of raw) result = result.replace(marker, () => rawText);
  return result;
}

/** A JSON response (UTF-8, no caching: every answer is per caller). */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("content-type", "application/json; charset=utf-8");
  if (!merged.has("cache-control")) merged.set("cache-control", "no-store");
  return new Response(stringifyJson(body), { status, headers: merged });
}
