import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { XmlDocument as XmlDocumentType, XsdValidator } from "libxml2-wasm";

import { applyXsdFixes } from "./xsd-fixes";

// libxml2-wasm is an ES module with top-level await: loaded with import() so CommonJS callers
// (tsx scripts: the bench, `npm run simulator`) can use this module too.
type Libxml2 = typeof import("libxml2-wasm");
let libxml2: Promise<Libxml2> | undefined;
const loadLibxml2 = () => (libxml2 ??= import("libxml2-wasm"));

/**
 * DGII's official schemas, vendored verbatim under reference/ (see the .SOURCE files and
 * dgii-xsd/SOURCES.md beside them). Three of DGII's files need a fix to compile: xsd-fixes.ts.
 */
export const XSD_FILES = {
  anecf: "ANECF-v1.0.xsd",
  semilla: "Semilla-v1.0.xsd",
  ecf31: "dgii-xsd/e-CF 31 v.1.0.xsd",
  ecf32: "dgii-xsd/e-CF 32 v.1.0.xsd",
  ecf33: "dgii-xsd/e-CF 33 v.1.0.xsd",
  ecf34: "dgii-xsd/e-CF 34 v.1.0.xsd",
  ecf41: "dgii-xsd/e-CF 41 v.1.0.xsd",
  ecf43: "dgii-xsd/e-CF 43 v.1.0.xsd",
  ecf44: "dgii-xsd/e-CF 44 v.1.0.xsd",
  ecf45: "dgii-xsd/e-CF 45 v.1.0.xsd",
  ecf46: "dgii-xsd/e-CF 46 v.1.0.xsd",
  ecf47: "dgii-xsd/e-CF 47 v.1.0.xsd",
  rfce: "dgii-xsd/RFCE 32 v.1.0.xsd",
  acecf: "dgii-xsd/ACECF v.1.0.xsd",
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
    const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
    const schemaDoc = XmlDocument.fromString(applyXsdFixes(path.basename(file), text));
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

/** The schema of an e-CF type ("31" … "47"), or undefined for a type DGII has no e-CF schema for. */
export function ecfXsdName(tipoeCF: string): XsdName | undefined {
  const name = `ecf${tipoeCF}`;
  return name in XSD_FILES ? (name as XsdName) : undefined;
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
