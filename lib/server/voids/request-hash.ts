import "server-only";
import { createHash } from "node:crypto";

/**
 * JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same body for Idempotency-Key.
 * Iterative (an explicit stack, not recursion): a value nested 100,000 levels deep is written like
 * any other instead of overflowing the stack (that was a 500). Its text is exactly what the former
 * recursive version wrote, so hashes stored before still match (request-hash.test.ts compares them).
 */
export function stableStringify(root: unknown): string {
  const parts: string[] = [];
  // Popped from the end: a value still to write, or text to append as is.
  const work: Array<{ value: unknown } | string> = [{ value: root }];
  while (work.length > 0) {
    const item = work.pop()!;
    if (typeof item === "string") {
      parts.push(item);
      continue;
    }
    const { value } = item;
    if (value === null || typeof value !== "object") {
      parts.push(JSON.stringify(value) ?? "null");
    } else if (Array.isArray(value)) {
      work.push("]");
      for (let index = value.length - 1; index >= 0; index--) {
        work.push({ value: value[index] });
        if (index > 0) work.push(",");
      }
      work.push("[");
    } else {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      work.push("}");
      for (let index = keys.length - 1; index >= 0; index--) {
        work.push({ value: record[keys[index]!] }, `${JSON.stringify(keys[index])}:`);
        if (index > 0) work.push(",");
      }
      work.push("{");
    }
  }
  return parts.join("");
}

/** sha256 of the request body in a key-order-independent form. */
export function requestHash(body: unknown): string {
  return createHash("sha256").update(stableStringify(body)).digest("hex");
}
