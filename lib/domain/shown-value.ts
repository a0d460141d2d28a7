import { DEFAULT_LOCALE, type Locale } from "./locale";

/**
 * How much of a caller's value a message quotes. Enough for any real e-NCF, date or code (and to
 * recognise a typo); a 1 MB value must not come back whole in the answer, once in `message` and
 * again in `errors`.
 */
export const MAX_SHOWN_CHARS = 64;

const LENGTH_NOTE: Record<Locale, (length: number) => string> = {
  es: (length) => ` (${length} caracteres)`,
  en: (length) => ` (${length} characters)`,
};

/**
 * A caller's text as a message quotes it: up to `max` characters (64 by default), then "…" and its
 * whole length. A larger `max` bounds a whole message that may embed a value (a zod message).
 */
export function truncateForMessage(
  text: string,
  locale: Locale = DEFAULT_LOCALE,
  max: number = MAX_SHOWN_CHARS,
): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…${LENGTH_NOTE[locale](text.length)}`;
}

/**
 * Any value (parsed JSON, or whatever a portal action received) as compact JSON text of at most
 * `maxChars` characters plus "…". Iterative and lazy: a value nested 100,000 levels deep or a list
 * of a million items costs only the characters written (JSON.stringify would throw RangeError on
 * the first, and build megabytes for the second). Never throws.
 */
export function jsonPreview(value: unknown, maxChars = MAX_SHOWN_CHARS): string {
  let out = "";
  const frames: Array<{ source: Record<string, unknown> | unknown[]; keys?: string[]; index: number }> = [];
  let pending: { value: unknown } | undefined = { value };
  while (out.length <= maxChars) {
    if (pending) {
      const current = pending.value;
      pending = undefined;
      if (Array.isArray(current)) {
        out += "[";
        frames.push({ source: current, index: 0 });
      } else if (current !== null && typeof current === "object") {
        out += "{";
        frames.push({ source: current as Record<string, unknown>, keys: Object.keys(current), index: 0 });
      } else {
        out += scalarJson(current, maxChars);
      }
      continue;
    }
    const frame = frames.at(-1);
    if (!frame) break;
    const size = frame.keys ? frame.keys.length : (frame.source as unknown[]).length;
    if (frame.index >= size) {
      out += frame.keys ? "}" : "]";
      frames.pop();
      continue;
    }
    if (frame.index > 0) out += ",";
    if (frame.keys) {
      const key = frame.keys[frame.index]!;
      out += `${JSON.stringify(key.slice(0, maxChars))}:`;
      pending = { value: (frame.source as Record<string, unknown>)[key] };
    } else {
      pending = { value: (frame.source as unknown[])[frame.index] };
    }
    frame.index += 1;
  }
  return out.length > maxChars ? `${out.slice(0, maxChars)}…` : out;
}

function scalarJson(value: unknown, maxChars: number): string {
  if (typeof value === "string") return JSON.stringify(value.slice(0, maxChars + 1));
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "bigint") return String(value);
  return "null"; // null, undefined, functions, symbols: what JSON.stringify writes inside a list
}
