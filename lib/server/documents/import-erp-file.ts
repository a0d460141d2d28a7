import "server-only";

import type { Environment } from "@/lib/domain/environments";
import {
  ERP_FIELDS,
  mapErpRows,
  type ErpField,
  type ErpMapping,
  type ErpRowError,
} from "@/lib/domain/erp-import";
import { readErpFile, type ErpFileProblem } from "@/lib/domain/erp-file";
import { documentImportRecordSchema } from "@/lib/schemas/documents-import";

import { importDocuments } from "./import-documents";

export type ErpImportOutcome =
  | { kind: "file"; problem: ErpFileProblem | "noNcfColumn"; rows?: number }
  | {
      kind: "rows";
      errors: Array<ErpRowError | { row: number; field: string; problem: "schema"; message: string }>;
    }
  | { kind: "imported"; total: number; created: number; updated: number; coverageMark: number | null };

/** Errors listed back at most (a file of 1,000 bad rows is fixed in the ERP, not row by row). */
const MAX_LISTED_ERRORS = 200;

/**
 * The portal's import of an ERP's CSV/XLSX: the file is read and mapped again here (the browser's
 * preview is only a preview), every row checked by the import's own schema, and only a file without a
 * single problem goes to importDocuments — the use case of POST /{environment}/documentos-ecf/import,
 * whose upsert is one transaction: a file is imported whole or not at all.
 */
export async function importErpFile(input: {
  accountId: string;
  rnc: string;
  environment: Environment;
  fileName: string;
  bytes: ArrayBuffer;
  mapping: ErpMapping;
  /** "Every e-CF issued up to this instant is imported" (epoch ms): set only when the whole file is imported. */
  coveredUntil?: number;
  createdBy?: string;
}): Promise<ErpImportOutcome> {
  const mapping = cleanMapping(input.mapping);
  if (mapping.ncf === undefined) return { kind: "file", problem: "noNcfColumn" };
  const file = await readErpFile(input.fileName, input.bytes);
  if (!file.ok) return { kind: "file", problem: file.problem, rows: file.rows };
  const { records, errors } = mapErpRows(file.rows, mapping, file.rowNumbers);
  const schemaErrors: Array<{ row: number; field: string; problem: "schema"; message: string }> = [];
  if (errors.length === 0) {
    records.forEach((record, position) => {
      const parsed = documentImportRecordSchema.safeParse(record);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          schemaErrors.push({
            row: file.rowNumbers[position] ?? position + 2,
            field: issue.path.join(".") || "ncf",
            problem: "schema",
            message: issue.message.slice(0, 300),
          });
        }
      }
    });
  }
  if (errors.length > 0 || schemaErrors.length > 0) {
    return { kind: "rows", errors: [...errors, ...schemaErrors].slice(0, MAX_LISTED_ERRORS) };
  }
  const response = await importDocuments({
    accountId: input.accountId,
    rnc: input.rnc,
    environment: input.environment,
    body: {
      documents: records,
      ...(input.coveredUntil !== undefined ? { coveredUntil: input.coveredUntil } : {}),
    },
    createdBy: input.createdBy,
  });
  return {
    kind: "imported",
    total: response.total,
    created: response.created,
    updated: response.updated,
    coverageMark: response.coverageMark ?? null,
  };
}

/** Only known fields, each to a non-negative whole column index (the mapping comes from the browser). */
function cleanMapping(mapping: ErpMapping): ErpMapping {
  const clean: ErpMapping = {};
  for (const field of ERP_FIELDS as readonly ErpField[]) {
    const column = (mapping as Record<string, unknown>)?.[field];
    if (typeof column === "number" && Number.isInteger(column) && column >= 0 && column < 1000)
      clean[field] = column;
  }
  return clean;
}
