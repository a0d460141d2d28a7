import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

/** DGII's official schemas, vendored verbatim in reference/ (see the .SOURCE files beside them). */
export const XSD_FILES = {
  anecf: "ANECF-v1.0.xsd",
  semilla: "Semilla-v1.0.xsd",
} as const;

export type XsdName = keyof typeof XSD_FILES;

const schemaCache = new Map<XsdName, string>();

function loadSchema(name: XsdName): string {
  let schema = schemaCache.get(name);
  if (schema === undefined) {
    const file = path.join(process.cwd(), "reference", XSD_FILES[name]);
    // The official file starts with a UTF-8 BOM, which libxml2 refuses inside a string input.
    schema = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
    schemaCache.set(name, schema);
  }
  return schema;
}

export interface XsdResult {
  valid: boolean;
  errors: string[];
}

/**
 * Validates a document against one of DGII's XSDs with libxml2 (xmllint compiled to WebAssembly, no
 * native binary). Memory grows with the document: a 100,000-range ANECF is ~7 MB.
 */
export async function validateAgainstXsd(xml: string, name: XsdName): Promise<XsdResult> {
  const pages = Math.min(65_536, 256 + Math.ceil((xml.length * 40) / 65_536));
  const result = await validateXML({
    xml: [{ fileName: "document.xml", contents: xml }],
    schema: [{ fileName: XSD_FILES[name], contents: loadSchema(name) }],
    initialMemoryPages: pages,
    maxMemoryPages: 65_536,
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.message ?? error.rawMessage) };
}
