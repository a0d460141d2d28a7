import "server-only";

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Absent, as DGII sees it: it forbids empty tags, so "", null, blanks and objects or lists holding only
 * such values are left out rather than written empty.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (isPlainObject(value)) return Object.values(value).every(isEmptyValue);
  return false;
}

const XML_SPECIAL = /[&<>]/;

/** Text content escaped for XML (quotes need no escaping outside attributes). */
export const escapeXml = (text: string) =>
  XML_SPECIAL.test(text) ? text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : text;
