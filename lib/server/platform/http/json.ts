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

/** Characters per chunk of a streamed JSON answer. */
const STREAM_CHUNK_CHARS = 64 * 1024;

/**
 * Like json(), for answers that may be large (a void's 100,000 ranges are ~10 MB of JSON): the body
 * is sent in 64 KB chunks as the client reads it, and each RawJson text is sent slice by slice,
 * never joined with the rest into one more string the size of the answer. Small pieces are joined
 * into full chunks: a page of small items goes out as one write (many tiny writes on a kept-alive
 * socket meet Nagle's algorithm and delayed ACKs: ~40 ms each).
 */
export function streamedJson(body: unknown, status = 200): Response {
  const raw = new Map<string, string>();
  const skeleton = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    const marker = JSON.stringify(`raw-json-${randomUUID()}`);
    raw.set(marker, value.text);
    return JSON.parse(marker) as string;
  });
  const pieces: string[] = [];
  let rest = skeleton;
  for (const [marker, text] of raw) {
    const at = rest.indexOf(marker);
    pieces.push(rest.slice(0, at), text);
    rest = rest.slice(at + marker.length);
  }
  pieces.push(rest);
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (total <= STREAM_CHUNK_CHARS) return new Response(pieces.join(""), { status, headers });
  const encoder = new TextEncoder();
  let piece = 0;
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk = "";
      while (piece < pieces.length && chunk.length < STREAM_CHUNK_CHARS) {
        const text = pieces[piece]!;
        let end = Math.min(text.length, offset + STREAM_CHUNK_CHARS - chunk.length);
        // Never split a surrogate pair between two chunks (each chunk is encoded on its own).
        const last = text.charCodeAt(end - 1);
        if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += end - 1 > offset ? -1 : 1;
        chunk += text.slice(offset, end);
        offset = end;
        if (offset >= text.length) {
          piece += 1;
          offset = 0;
        }
      }
      if (chunk.length > 0) controller.enqueue(encoder.encode(chunk));
      if (piece >= pieces.length) controller.close();
    },
  });
  return new Response(stream, { status, headers });
}
