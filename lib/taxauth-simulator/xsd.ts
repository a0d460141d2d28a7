import "server-only";

import { validateAgainstXsd, type XsdName, type XsdResult } from "./validate-xsd";

export type SchemaName = "ANECF-v1.0.xsd" | "Semilla-v1.0.xsd";
export type SchemaResult = XsdResult;

const NAMES: Record<SchemaName, XsdName> = { "ANECF-v1.0.xsd": "anecf", "Semilla-v1.0.xsd": "semilla" };

/** Validates with libxml2 (WASM): also rejects documents that are not well-formed XML. */
export function validateAgainstSchema(xml: string, name: SchemaName): Promise<SchemaResult> {
  return validateAgainstXsd(xml, NAMES[name]);
}
