import "server-only";

/**
 * Canonical XML (inclusive C14N 20010315) of a *simple* document, by string scanning, without a DOM.
 *
 * "Simple" is the shape of the ANECF Anula builds: an optional `<?xml version="1.0" ...?>`
 * declaration, then one root with only elements (no attributes, no prefixes, no namespaces) and text
 * (entity references &amp; &lt; &gt; only), nothing after the root. For such a document:
 * - the canonical form of the root element is the source text itself, except that `<x/>` is written
 *   `<x></x>`: the text is already escaped exactly as C14N escapes it (&amp; &lt; &gt;, no raw `>`);
 * - xmldom (behind xml-crypto) serializes it back unchanged, so the signed output of the fast path is
 *   byte-identical to xml-crypto's.
 * Anything outside that shape returns null and the caller falls back to xml-crypto, which handles
 * the full specification. Malformed markup (mismatched tags, text after the root) also returns null,
 * so the fallback's parser reports it.
 */

export interface SimpleDocument {
  /** Index of the root element's `<`. */
  rootStart: number;
  /** Index of the root's end tag `</…>` (where an enveloped signature goes). */
  rootEndTagStart: number;
  /** The root element in canonical form (the digest input of `Reference URI=""`). */
  canonicalRoot: string;
}

const DECLARATION = /^<\?xml version="1\.0"(?: encoding="(?:UTF|utf)-8")?(?: standalone="(?:yes|no)")?\?>/;

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;

/** A simple ASCII name: no ":" (no prefixes), no attributes, no whitespace. */
const SIMPLE_NAME = /^[A-Za-z_][\w.-]*$/;

/**
 * Element names seen in this document, by length. A document repeats a handful of names thousands
 * of times, so each distinct name is validated (and allocated) once, then recognized in place with
 * startsWith: the scan never copies the markup, which is most of the bytes.
 */
class NameTable {
  private readonly byLength: (string[] | undefined)[] = [];

  /** The name occupying [start, end) of xml if it is a simple name, else null. */
  lookup(xml: string, start: number, end: number): string | null {
    const length = end - start;
    const known = this.byLength[length];
    if (known) {
      for (let index = 0; index < known.length; index++) {
        const name = known[index]!;
        if (xml.startsWith(name, start)) return name;
      }
    }
    if (length === 0 || length > 200) return null;
    const name = xml.slice(start, end);
    if (!SIMPLE_NAME.test(name)) return null;
    if (known) known.push(name);
    else this.byLength[length] = [name];
    return name;
  }
}

function isAllowedEntityAt(xml: string, index: number): number {
  // the length of "&amp;", "&lt;" or "&gt;" at index, else 0
  if (xml.startsWith("&amp;", index)) return 5;
  if (xml.startsWith("&lt;", index) || xml.startsWith("&gt;", index)) return 4;
  return 0;
}

/**
 * Text must already be in canonical form: no raw ">" (C14N writes &gt;), no "\r" (parsers turn it
 * into "\n"), no other control characters (not XML), and only the entities C14N itself writes.
 */
function isCanonicalText(xml: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = xml.charCodeAt(index);
    if (code === GT || (code < 0x20 && code !== 0x09 && code !== 0x0a)) return false;
    if (code === AMP) {
      const entityLength = isAllowedEntityAt(xml, index);
      if (entityLength === 0) return false;
      index += entityLength - 1;
    }
  }
  return true;
}

export function canonicalizeSimpleDocument(xml: string): SimpleDocument | null {
  const declaration = DECLARATION.exec(xml);
  const rootStart = declaration ? declaration[0].length : 0;
  if (xml.charCodeAt(rootStart) !== LT) return null;

  // Tags are found with native indexOf (the text between them is short); open names are kept on a
  // stack and compared with startsWith, so the loop touches text characters only.
  const names = new NameTable();
  const open: string[] = [];
  let hasSelfClosing = false;
  let previousWasOpenTagEndingAt = -1;
  let rootEndTagStart = -1;
  let index = rootStart;

  for (;;) {
    const lt = xml.indexOf("<", index);
    if (lt < 0) break;
    if (lt > index && (open.length === 0 || !isCanonicalText(xml, index, lt))) return null;
    if (rootEndTagStart >= 0) return null; // markup after the root
    if (xml.charCodeAt(lt + 1) === SLASH) {
      // End tag: it must name the innermost open element; compared in place, no search for ">".
      const name = open.pop();
      const gt = lt + 2 + (name?.length ?? 0);
      if (name === undefined || xml.charCodeAt(gt) !== GT || !xml.startsWith(name, lt + 2)) return null;
      // `<x></x>`: xmldom would write it back as `<x/>`, so the output would not be the input.
      if (previousWasOpenTagEndingAt === lt - 1) return null;
      if (open.length === 0) rootEndTagStart = lt;
      previousWasOpenTagEndingAt = -1;
      index = gt + 1;
      continue;
    }
    const gt = xml.indexOf(">", lt + 1);
    if (gt < 0) return null;
    if (xml.charCodeAt(gt - 1) === SLASH) {
      if (open.length === 0 || names.lookup(xml, lt + 1, gt - 1) === null) return null;
      hasSelfClosing = true;
      previousWasOpenTagEndingAt = -1;
    } else {
      if (open.length === 0 && lt !== rootStart) return null; // a second root
      const name = names.lookup(xml, lt + 1, gt);
      if (name === null) return null;
      open.push(name);
      previousWasOpenTagEndingAt = gt;
    }
    index = gt + 1;
  }
  if (index < xml.length || open.length !== 0 || rootEndTagStart < 0) return null; // text after the root

  const root = xml.slice(rootStart);
  const canonicalRoot = hasSelfClosing ? root.replace(/<([A-Za-z_][\w.-]*)\/>/g, "<$1></$1>") : root;
  return { rootStart, rootEndTagStart, canonicalRoot };
}
