import "server-only";

import { randomUUID } from "node:crypto";

import { ecfTypeName, type EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import { buildQrUrl, usesConsumerSummaryQr } from "@/lib/domain/qr-url";
import { truncateForMessage } from "@/lib/domain/shown-value";
import {
  documentImportRecordSchema,
  parseDocumentsImportEnvelope,
  type DocumentImportRecord,
  type DocumentImportResult,
  type DocumentsImportResponse,
} from "@/lib/schemas/documents-import";
import { getDb, isUniqueViolation } from "@/lib/server/db";
import type { Prisma } from "@/prisma/generated/client";

interface ImportInput {
  accountId: string;
  /** The account's RNC (customerId and rncemisor of the QR), from the token. */
  rnc: string;
  environment: Environment;
  body: unknown;
}

/** Every message of this module is far shorter; only one quoting a caller's value gets near it. */
const MAX_ISSUE_CHARS = 300;

interface ValidEntry {
  index: number;
  record: DocumentImportRecord;
}

/**
 * POST …/documentos-ecf/import: validates every entry on its own, then upserts the valid ones by
 * e-NCF in one transaction (fields an entry omits keep their stored values). Answers one result per
 * entry, in request order: created, updated or invalid (with every problem of that entry).
 */
export async function importDocuments(input: ImportInput): Promise<DocumentsImportResponse> {
  const entries = parseDocumentsImportEnvelope(input.body);
  const results: DocumentImportResult[] = new Array(entries.length);
  const valid: ValidEntry[] = [];
  const firstIndexOf = new Map<string, number>();

  entries.forEach((entry, index) => {
    const parsed = documentImportRecordSchema.safeParse(entry);
    if (!parsed.success) {
      const ncf = (entry as { ncf?: unknown } | null)?.ncf;
      // Bounded: an invalid entry's 1 MB ncf, or a 1 MB unknown key that zod's message names, is
      // not echoed back whole (64 characters of a value, 300 of a message).
      results[index] = {
        index,
        ncf: typeof ncf === "string" ? truncateForMessage(ncf) : null,
        result: "invalid",
        errors: parsed.error.issues.map((issue) => ({
          field: truncateForMessage(issue.path.join(".") || "(documento)", "es", MAX_ISSUE_CHARS),
          message: truncateForMessage(issue.message, "es", MAX_ISSUE_CHARS),
        })),
      };
      return;
    }
    const earlier = firstIndexOf.get(parsed.data.ncf);
    if (earlier !== undefined) {
      results[index] = {
        index,
        ncf: parsed.data.ncf,
        result: "invalid",
        errors: [
          { field: "ncf", message: `ncf repetido en la solicitud (ya está en la entrada ${earlier})` },
        ],
      };
      return;
    }
    firstIndexOf.set(parsed.data.ncf, index);
    valid.push({ index, record: parsed.data });
  });

  if (valid.length > 0) {
    const outcome = await upsertWithRetry(input, valid);
    for (const { index, record } of valid) {
      results[index] = { index, ncf: record.ncf, result: outcome.has(record.ncf) ? "updated" : "created" };
    }
  }
  const count = (kind: DocumentImportResult["result"]) => results.filter((r) => r.result === kind).length;
  return {
    total: entries.length,
    created: count("created"),
    updated: count("updated"),
    invalid: count("invalid"),
    results,
  };
}

/** Returns the e-NCF that already existed (updated). A concurrent import of the same e-NCF → retry once. */
async function upsertWithRetry(input: ImportInput, valid: ValidEntry[]): Promise<Set<string>> {
  try {
    return await upsert(input, valid);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return upsert(input, valid);
  }
}

async function upsert(input: ImportInput, valid: ValidEntry[]): Promise<Set<string>> {
  const db = await getDb();
  const { accountId, environment } = input;
  return db.$transaction(async (tx) => {
    const existing = await tx.document.findMany({
      where: { accountId, environment, ncf: { in: valid.map((entry) => entry.record.ncf) } },
      select: { id: true, ncf: true },
    });
    const idByNcf = new Map(existing.map((row) => [row.ncf, row.id]));
    const now = BigInt(Date.now());
    const fresh = valid.filter((entry) => !idByNcf.has(entry.record.ncf));
    if (fresh.length > 0) {
      await tx.document.createMany({
        data: fresh.map(({ record }) => ({
          ...createData(record, input),
          createdAt: record.createdAt ?? now,
          updateAt: now,
        })),
      });
    }
    for (const { record } of valid) {
      const id = idByNcf.get(record.ncf);
      if (id)
        await tx.document.update({ where: { id }, data: { ...updateData(record, input), updateAt: now } });
    }
    return new Set(idByNcf.keys());
  });
}

/** The fields an entry sets (only those it carries), as stored. */
function updateData(
  record: DocumentImportRecord,
  input: ImportInput,
): Prisma.DocumentUpdateManyMutationInput {
  const data: Prisma.DocumentUpdateManyMutationInput = {};
  if (record.status !== undefined) data.status = record.status;
  if (record.trackId !== undefined) data.trackId = record.trackId;
  if (record.internalTrackId !== undefined) data.internalTrackId = record.internalTrackId;
  if (record.fileName !== undefined) data.fileName = record.fileName;
  if (record.documentType !== undefined) data.documentType = record.documentType;
  if (record.buyerRnc !== undefined) data.buyerRnc = record.buyerRnc;
  if (record.invoiceTotal !== undefined) data.invoiceTotal = record.invoiceTotal.toFixed(2);
  if (record.customerReceived !== undefined) data.customerReceived = record.customerReceived;
  if (record.customerReceivedAt !== undefined) data.customerReceivedAt = record.customerReceivedAt;
  if (record.customerResponse !== undefined) data.customerResponse = record.customerResponse;
  if (record.taxauthResponse !== undefined) data.taxauthResponse = record.taxauthResponse;
  if (record.securityCode !== undefined) data.securityCode = record.securityCode;
  if (record.secretId !== undefined) data.secretId = record.secretId;
  if (record.signedXml !== undefined) data.signedXml = record.signedXml;
  if (record.summarySignedXml !== undefined) data.summarySignedXml = record.summarySignedXml;
  const qrUrl = record.qr_url ?? qrUrlOf(record, input);
  if (qrUrl !== undefined) data.qrUrl = qrUrl;
  // A new trackId or status from the issuer: the next query asks the authority again.
  if (record.trackId !== undefined || record.status !== undefined) data.checkedAt = null;
  return data;
}

function createData(
  record: DocumentImportRecord,
  input: ImportInput,
): Omit<Prisma.DocumentCreateManyInput, "createdAt" | "updateAt"> {
  const tipo = record.ncf.slice(1, 3) as EcfType;
  return {
    ...(updateData(record, input) as Record<string, unknown>),
    accountId: input.accountId,
    environment: input.environment,
    customerId: input.rnc,
    ncf: record.ncf,
    status: record.status ?? "En Proceso",
    internalTrackId: record.internalTrackId ?? randomUUID(),
    fileName: record.fileName ?? `${input.rnc}${record.ncf}.xml`,
    documentType: record.documentType ?? ecfTypeName(tipo),
    taxauthResponse: record.taxauthResponse ?? [],
  };
}

/** DGII's QR URL when the entry carries what it needs (consultatimbrefc needs no dates). */
function qrUrlOf(record: DocumentImportRecord, input: ImportInput): string | undefined {
  if (record.securityCode === undefined || record.invoiceTotal === undefined) return undefined;
  const summary = usesConsumerSummaryQr(record.ncf, record.invoiceTotal);
  if (!summary && (record.fechaEmision === undefined || record.fechaFirma === undefined)) return undefined;
  return buildQrUrl({
    environment: input.environment,
    rncEmisor: input.rnc,
    rncComprador: record.buyerRnc,
    encf: record.ncf,
    fechaEmision: record.fechaEmision,
    montoTotal: record.invoiceTotal,
    fechaFirma: record.fechaFirma,
    codigoSeguridad: record.securityCode,
  });
}
