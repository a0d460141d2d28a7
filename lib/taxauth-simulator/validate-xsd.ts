import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { XmlDocument as XmlDocumentType, XsdValidator } from "libxml2-wasm";

// libxml2-wasm is an ES module with top-level await: loaded with import() so CommonJS callers
// (tsx scripts: the bench, `npm run simulator`) can use this module too.
type Libxml2 = typeof import("libxml2-wasm");
let libxml2: Promise<Libxml2> | undefined;
const loadLibxml2 = () => (libxml2 ??= import("libxml2-wasm"));

/** DGII's official schemas, vendored verbatim in reference/ (see the .SOURCE files beside them). */
export const XSD_FILES = {
  anecf: "ANECF-v1.0.xsd",
  semilla: "Semilla-v1.0.xsd",
} as const;

export type XsdName = keyof typeof XSD_FILES;

export interface XsdResult {
  valid: boolean;
  errors: string[];
}

const validators = new Map<XsdName, XsdValidator>();

/**
 * The compiled schema, kept for the life of the process: libxml2 (WebAssembly, no native binary)
 * compiles it once, then each validation is a parse + a walk (~1 ms for a small ANECF, where
 * spawning xmllint per document cost ~150 ms).
 */
function validatorFor({ XmlDocument, XsdValidator }: Libxml2, name: XsdName): XsdValidator {
  let validator = validators.get(name);
  if (!validator) {
    const file = path.join(process.cwd(), "reference", XSD_FILES[name]);
    const schemaDoc = XmlDocument.fromBuffer(readFileSync(file));
    try {
      validator = XsdValidator.fromDoc(schemaDoc);
    } finally {
      schemaDoc.dispose();
    }
    validators.set(name, validator);
  }
  return validator;
}

function messagesOf(error: unknown): string[] {
  if ((error as { details?: unknown })?.details) {
    const details = (error as { details: Array<{ message: string; line?: number }> }).details;
    if (Array.isArray(details) && details.length > 0) {
      return details.map(
        (detail) => `${detail.line ? `línea ${detail.line}: ` : ""}${detail.message.trim()}`,
      );
    }
  }
  return [error instanceof Error ? error.message.trim() : String(error)];
}

/**
 * Validates a document against one of DGII's XSDs. A document that is not well-formed XML is
 * invalid too (with the parser's message). Never throws for bad input.
 */
export async function validateAgainstXsd(xml: string, name: XsdName): Promise<XsdResult> {
  const lib = await loadLibxml2();
  let doc: XmlDocumentType | undefined;
  try {
    doc = lib.XmlDocument.fromString(xml.replace(/^\uFEFF/, ""));
    validatorFor(lib, name).validate(doc);
    return { valid: true, errors: [] };
  } catch (error) {
    return { valid: false, errors: messagesOf(error) };
  } finally {
    doc?.dispose();
  }
}
