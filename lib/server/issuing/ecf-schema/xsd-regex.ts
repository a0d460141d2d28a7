import "server-only";

/**
 * XSD regular expressions (XML Schema Part 2, appendix F) turned into JavaScript ones, for the
 * constructs DGII's schemas use. The differences that matter: an XSD pattern always matches the whole
 * value (implicitly anchored), `^` and `$` are ordinary characters, `.` excludes only line breaks,
 * and `\d`, `\w`, `\s` are XSD's (Unicode digits; everything but punctuation, separators and
 * controls; the four XML blanks), not JavaScript's ASCII ones. libxml2 reads them the same way.
 * Anything else (class subtraction, `\i`, `\c`, block escapes, `(?…)` groups) throws, so a new DGII
 * file with such a pattern fails when it is compiled rather than being checked wrongly.
 */

const XSD_SPACE = " \\t\\n\\r";
const XSD_WORD_NEGATED = "\\p{P}\\p{Z}\\p{C}"; // \w is [^ this ]

/** Characters that must be escaped to stand for themselves in a JS (u-mode) regex. */
const JS_SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
const literal = (char: string) => (JS_SYNTAX.has(char) ? `\\${char}` : char);
const classLiteral = (char: string) => (JS_SYNTAX.has(char) || char === "-" ? `\\${char}` : char);

/** XSD single-character escapes: the line breaks and tab, and the metacharacters (`\|`, `\-`, …). */
const CONTROL_ESCAPES: Record<string, string> = { n: "\\n", r: "\\r", t: "\\t" };
const ESCAPABLE = new Set([..."\\|.-^?*+{}()[]"]);

export class UnsupportedXsdPatternError extends Error {}

function unsupported(pattern: string, what: string): never {
  throw new UnsupportedXsdPatternError(`XSD pattern "${pattern}": ${what} is not supported`);
}

/** Reads `\x` at `i` (the backslash): the JS text for it outside a class, and its class forms. */
function readEscape(
  pattern: string,
  i: number,
): { outside: string; inClass: string | { negatedSet: string }; length: number } {
  const char = pattern[i + 1];
  if (char === undefined) unsupported(pattern, "a trailing backslash");
  if (char === "p" || char === "P") {
    const end = pattern.indexOf("}", i);
    const body = pattern.slice(i + 3, end);
    if (pattern[i + 2] !== "{" || end < 0 || body.startsWith("Is"))
      unsupported(pattern, `\\${char}{…} blocks`);
    const text = pattern.slice(i, end + 1);
    return { outside: text, inClass: text, length: end + 1 - i };
  }
  switch (char) {
    case "d":
      return { outside: "\\p{Nd}", inClass: "\\p{Nd}", length: 2 };
    case "D":
      return { outside: "\\P{Nd}", inClass: "\\P{Nd}", length: 2 };
    case "s":
      return { outside: `[${XSD_SPACE}]`, inClass: XSD_SPACE, length: 2 };
    case "S":
      return { outside: `[^${XSD_SPACE}]`, inClass: { negatedSet: XSD_SPACE }, length: 2 };
    case "w":
      return { outside: `[^${XSD_WORD_NEGATED}]`, inClass: { negatedSet: XSD_WORD_NEGATED }, length: 2 };
    case "W":
      return { outside: `[${XSD_WORD_NEGATED}]`, inClass: XSD_WORD_NEGATED, length: 2 };
  }
  const control = CONTROL_ESCAPES[char];
  if (control) return { outside: control, inClass: control, length: 2 };
  if (!ESCAPABLE.has(char)) unsupported(pattern, `the escape \\${char}`);
  return { outside: literal(char), inClass: classLiteral(char), length: 2 };
}

/** Reads a character class at `i` (its `[`): the JS text and where it ends. */
function readClass(pattern: string, start: number): { text: string; end: number } {
  let i = start + 1;
  const negated = pattern[i] === "^";
  if (negated) i++;
  let set = "";
  const negatedSets: string[] = [];
  let first = true;
  while (i < pattern.length && (pattern[i] !== "]" || first)) {
    first = false;
    const char = pattern[i]!;
    if (char === "[") unsupported(pattern, "a nested class");
    if (char === "-" && pattern[i + 1] === "[") unsupported(pattern, "class subtraction");
    if (char === "\\") {
      const escape = readEscape(pattern, i);
      if (typeof escape.inClass === "string") set += escape.inClass;
      else negatedSets.push(escape.inClass.negatedSet);
      i += escape.length;
    } else if (char === "-" && set !== "" && pattern[i + 1] !== "]" && i + 1 < pattern.length) {
      set += "-"; // a range between the previous and the next character
      i++;
    } else {
      set += classLiteral(char);
      i++;
    }
  }
  if (pattern[i] !== "]") unsupported(pattern, "an unclosed class");
  if (negatedSets.length === 0) return { text: `[${negated ? "^" : ""}${set}]`, end: i + 1 };
  // \w or \S inside a class: JS cannot put a complement inside a class (without the v flag), so
  // the class becomes an alternation of its parts; a negated class of that kind is not used by DGII.
  if (negated) unsupported(pattern, "\\w, \\S or \\W inside a negated class");
  const parts = [...(set ? [`[${set}]`] : []), ...negatedSets.map((negatedSet) => `[^${negatedSet}]`)];
  return { text: `(?:${parts.join("|")})`, end: i + 1 };
}

/** The JS source (u flag) of an XSD pattern, unanchored; `xsdPatternToRegExp` anchors it. */
export function xsdPatternToJs(pattern: string): string {
  let out = "";
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === "\\") {
      const escape = readEscape(pattern, i);
      out += escape.outside;
      i += escape.length;
    } else if (char === "[") {
      const cls = readClass(pattern, i);
      out += cls.text;
      i = cls.end;
    } else if (char === "(" && pattern[i + 1] === "?") {
      unsupported(pattern, "a (?…) group");
    } else if (char === ".") {
      out += "[^\\n\\r]";
      i++;
    } else if (char === "^" || char === "$" || char === "/") {
      out += `\\${char}`; // ordinary characters in XSD
      i++;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** An XSD pattern as a JS RegExp matching the whole value, as XSD patterns always do. */
export function xsdPatternToRegExp(pattern: string): RegExp {
  return new RegExp(`^(?:${xsdPatternToJs(pattern)})$`, "u");
}
