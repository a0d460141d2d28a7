import "server-only";

import { readFile } from "node:fs/promises";
import path from "node:path";
import { validateXML, memoryPages } from "xmllint-wasm";

export type SchemaName = "ANECF-v1.0.xsd" | "Semilla-v1.0.xsd";

const schemaCache = new Map<SchemaName, Promise<string>>();

/** The official XSDs are vendored in /reference; ANECF's starts with a UTF-8 BOM, which xmllint rejects. */
function loadSchema(name: SchemaName): Promise<string> {
  let schema = schemaCache.get(name);
  if (!schema) {
    schema = readFile(path.join(process.cwd(), "reference", name), "utf8").then((text) =>
      text.replace(/^\uFEFF/, ""),
    );
    schemaCache.set(name, schema);
  }
  return schema;
}

export interface SchemaResult {
  valid: boolean;
  errors: string[];
}

/** Validates with libxml2 (WASM): also rejects documents that are not well-formed XML. */
export async function validateAgainstSchema(xml: string, name: SchemaName): Promise<SchemaResult> {
  const result = await validateXML({
    xml: { fileName: "document.xml", contents: xml.replace(/^\uFEFF/, "") },
    schema: { fileName: name.replace(/[^A-Za-z0-9.]/g, "_"), contents: await loadSchema(name) },
    // A 100,000-range ANECF is ~13 MB; libxml2 needs several times that while validating.
    initialMemoryPages: memoryPages.defaultInitialMemoryPages,
    maxMemoryPages: 2 * memoryPages.GiB,
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.message) };
}
