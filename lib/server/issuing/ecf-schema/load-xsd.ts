import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

import type { EcfType } from "@/lib/domain/ecf-types";

/** A schema the walker knows: one per e-CF type, plus the consumer-invoice summary (RFCE). */
export type EcfSchemaName = EcfType | "RFCE";

/** DGII's official file names, vendored with their bytes unchanged in reference/dgii-xsd/. */
export const XSD_FILE_NAMES: Record<EcfSchemaName, string> = {
  "31": "e-CF 31 v.1.0.xsd",
  "32": "e-CF 32 v.1.0.xsd",
  "33": "e-CF 33 v.1.0.xsd",
  "34": "e-CF 34 v.1.0.xsd",
  "41": "e-CF 41 v.1.0.xsd",
  "43": "e-CF 43 v.1.0.xsd",
  "44": "e-CF 44 v.1.0.xsd",
  "45": "e-CF 45 v.1.0.xsd",
  "46": "e-CF 46 v.1.0.xsd",
  "47": "e-CF 47 v.1.0.xsd",
  RFCE: "RFCE 32 v.1.0.xsd",
};

export const XSD_DIRECTORY = path.join("reference", "dgii-xsd");

/**
 * DGII's own mistakes that stop a schema compiling (reference/dgii-xsd/SOURCES.md), each fixed in the
 * smallest way. Applied in code so the shipped files stay DGII's bytes; a fix that no longer finds
 * its text is a no-op (DGII corrected it), and the sha256 test in load-xsd.test.ts notices either way.
 */
const FIXES: Partial<Record<EcfSchemaName, Array<(xsd: string) => string>>> = {
  // The type is declared with a leading space, so `type="IndicadorServicioTodoIncluidoType"` resolves to nothing.
  "31": [
    (xsd) =>
      xsd.replace('name=" IndicadorServicioTodoIncluidoType"', 'name="IndicadorServicioTodoIncluidoType"'),
  ],
  // `(?:` is a .NET non-capturing group; XSD regex has only plain groups.
  RFCE: [(xsd) => xsd.replaceAll("(?:", "(")],
};

/** The official file's bytes, exactly as DGII published them. */
export function readOfficialXsd(schema: EcfSchemaName, root = process.cwd()): Buffer {
  return readFileSync(path.join(root, XSD_DIRECTORY, XSD_FILE_NAMES[schema]));
}

/** The schema's text with DGII's known defects fixed: what the walker compiles and libxml2 can load. */
export function loadXsd(schema: EcfSchemaName, root = process.cwd()): string {
  let text = readOfficialXsd(schema, root).toString("utf8");
  for (const fix of FIXES[schema] ?? []) text = fix(text);
  return text;
}
