/**
 * The one rule for the characters a request may carry, wherever text enters (every JSON body, a
 * multipart field, a query parameter, an id in the path, a portal form through its zod schema).
 * PostgreSQL cannot store U+0000 in text or jsonb (error 22021/22P05: it was a 500), a lone UTF-16
 * surrogate is not a character at all (UTF-8 cannot encode it, so it would be stored as U+FFFD,
 * not as sent), and the other C0 controls are invisible in the portal, in exports and in DGII's
 * XML (XML 1.0 forbids them). Free text keeps tab, line feed and carriage return (a multi-line
 * note); an id or a parameter refuses every control character, DEL included.
 */
export type TextKind = "text" | "id";

/**
 * What might be refused, as one regular expression per kind: most strings hold none of it, and the
 * engine's scan is far quicker than a loop in JavaScript (an 8 MB void body holds 200,000 strings).
 */
const SUSPECT: Record<TextKind, RegExp> = {
  text: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff]/,
  id: /[\u0000-\u001f\u007f\ud800-\udfff]/,
};

/** The first character a value of that kind may not hold, named for a person ("U+0000"), or null. */
export function unsafeCharacterIn(value: string, kind: TextKind = "text"): string | null {
  if (!SUSPECT[kind].test(value)) return null;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++; // a well-formed pair: one character beyond the BMP (an emoji)
        continue;
      }
      return `una mitad suelta de par sustituto (${codePoint(code)})`;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return `una mitad suelta de par sustituto (${codePoint(code)})`;
    if (code < 0x20 || code === 0x7f) {
      if (kind === "text" && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
      return `un carácter de control (${codePoint(code)})`;
    }
  }
  return null;
}

const codePoint = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

/** The problem of one named value as a sentence, or null. */
export function unsafeTextProblem(field: string, value: string, kind: TextKind = "text"): string | null {
  const found = unsafeCharacterIn(value, kind);
  return found && `${field} contiene ${found}; quítelo y envíe de nuevo.`;
}

export interface UnsafeText {
  /** Where it is: `motivo.descripcion`, `documents[3].trackId`, or the name of a key that holds it. */
  field: string;
  message: string;
}

/**
 * Whether a JSON text may hold a refused character once parsed: JSON forbids raw control characters
 * in strings and UTF-8 cannot carry a lone surrogate, so only an escape (`\u0000`, `\ud800`, `\b`,
 * `\f`) or a raw DEL can bring one. One native scan of the text (milliseconds for 8 MB) spares the walk of
 * findUnsafeText for almost every body; a hit (a tab written `\u0009`, an emoji written as a pair)
 * only means the walk decides.
 */
export function jsonMayHoldUnsafeText(text: string): boolean {
  return /\\u00[01]|\\u007f|\\ud[89a-f]|\\[bf]|\u007f/i.test(text);
}

/**
 * Every string of a parsed JSON value, keys included (an unknown key is kept in jsonb too), checked
 * as free text; the first few problems in document order. Objects nest at most MAX_JSON_DEPTH
 * levels (read-json-body.ts refuses deeper bodies before this runs), so the recursion is bounded.
 * A field's name is spelled only for a problem: the walk itself builds no strings.
 */
export function findUnsafeText(value: unknown, limit = 20): UnsafeText[] {
  const found: UnsafeText[] = [];
  const path: Array<string | number> = [];
  const fieldName = () =>
    path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`)).join("");
  const visit = (node: unknown): void => {
    if (found.length >= limit) return;
    if (typeof node === "string") {
      if (unsafeCharacterIn(node) === null) return;
      const field = fieldName();
      found.push({ field: field || "body", message: unsafeTextProblem(field || "El cuerpo", node)! });
    } else if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        path.push(index);
        visit(node[index]);
        path.pop();
      }
    } else if (typeof node === "object" && node !== null) {
      for (const key in node) {
        const problem = unsafeCharacterIn(key);
        if (problem !== null) {
          const field = fieldName();
          const name = JSON.stringify(key).slice(0, 40);
          found.push({
            field: field || "body",
            message: `El nombre de campo ${name}${field ? ` en ${field}` : ""} contiene ${problem}; quítelo y envíe de nuevo.`,
          });
          continue;
        }
        path.push(key);
        visit((node as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  visit(value);
  return found;
}
