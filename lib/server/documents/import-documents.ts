import "server-only";

import { randomUUID } from "node:crypto";

import { ecfTypeName, type EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import { parseFechaHora } from "@/lib/domain/fecha";
import { buildQrUrl, usesConsumerSummaryQr } from "@/lib/domain/qr-url";
import { truncateForMessage } from "@/lib/domain/shown-value";
import {
  documentImportRecordSchema,
  parseDocumentsImportEnvelope,
  type DocumentImportRecord,
  type DocumentImportResult,
  type DocumentsImportResponse,
} from "@/lib/schemas/documents-import";
import { AppError } from "@/lib/errors";
import { getDb, isUniqueViolation } from "@/lib/server/platform/db";
import {
  insertAbsentDocuments,
  insertIfAllNew,
  ledgerColumnsOf,
  lockDocumentSeries,
  newDocumentId,
  setCoverageMark,
  updateDocument,
  type DocumentChange,
  type NewDocumentRow,
} from "@/lib/server/ledger";
import { documentStatusChangedEvent } from "@/lib/server/platform/events/document-status-event";
import { writeEvents, type NewEvent } from "@/lib/server/platform/events/write-event";

interface ImportInput {
  accountId: string;
  /** The account's RNC (customerId and rncemisor of the QR), from the token. */
  rnc: string;
  environment: Environment;
  body: unknown;
  /** Who imports (for the coverage mark's setBy). */
  createdBy?: string;
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
  checkCoveredUntil((input.body as { coveredUntil?: unknown }).coveredUntil);
  const results: DocumentImportResult[] = new Array(entries.length);
  const valid: ValidEntry[] = [];
  const firstIndexOf = new Map<string, number>();

  entries.forEach((raw, index) => {
    const exported = fromExportedRecord(raw, input.rnc);
    if (exported.problem) {
      results[index] = { index, ncf: exported.ncf, result: "invalid", errors: [exported.problem] };
      return;
    }
    const entry = exported.entry;
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
  const response: DocumentsImportResponse = {
    total: entries.length,
    created: count("created"),
    updated: count("updated"),
    invalid: count("invalid"),
    results,
  };
  const coveredUntil = (input.body as { coveredUntil?: unknown }).coveredUntil;
  if (coveredUntil !== undefined && coveredUntil !== null) {
    // The mark claims every e-CF issued up to then is imported: not true while an entry was refused.
    if (response.invalid > 0) {
      return {
        ...response,
        coverageMark: null,
        coverageMarkIgnored: "Hay entradas inválidas: la marca de cobertura no se registró.",
      };
    }
    const mark = await setCoverageMark(
      input.accountId,
      input.environment,
      coveredUntil as number,
      input.createdBy ?? "import",
    );
    return { ...response, coverageMark: mark.coveredUntil };
  }
  return response;
}

/** Fields of an exported record (GET …/documentos-ecf) that are not import fields, or null for absent. */
const EXPORT_ONLY_FIELDS = new Set(["customerId", "updateAt", "dgiiResponse", "source", "checkedAt"]);

/**
 * A document record exactly as the API returns it imports as is (an export re-imports): nulls are
 * absent fields, customerId must be the company's own RNC (another company's is refused), updateAt
 * is the exporter's and not kept (the import's time is), dgiiResponse is taxauthResponse's other name.
 */
function fromExportedRecord(
  raw: unknown,
  rnc: string,
): { entry: unknown; ncf: string | null; problem?: { field: string; message: string } } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { entry: raw, ncf: null };
  const record = raw as Record<string, unknown>;
  const ncf = typeof record.ncf === "string" ? truncateForMessage(record.ncf) : null;
  if (record.customerId !== undefined && record.customerId !== null && record.customerId !== rnc) {
    return {
      entry: raw,
      ncf,
      problem: {
        field: "customerId",
        message: "customerId es el RNC de otra empresa: solo se importan e-CF de esta empresa",
      },
    };
  }
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || EXPORT_ONLY_FIELDS.has(key)) continue;
    entry[key] = value;
  }
  if (entry.taxauthResponse === undefined && Array.isArray(record.dgiiResponse))
    entry.taxauthResponse = record.dgiiResponse;
  return { entry, ncf };
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

/**
 * All new (the common case): one statement, insertIfAllNew. Else one transaction: lock the batch's
 * series, insert the new e-NCF in one statement (ON CONFLICT DO NOTHING RETURNING: no read of the
 * existing ones first), then update the rest one by one (only the fields each entry carries). All
 * of it or nothing: a failure rolls the whole batch back.
 */
async function upsert(input: ImportInput, valid: ValidEntry[]): Promise<Set<string>> {
  const db = await getDb();
  const { accountId, environment } = input;
  const now = Date.now();
  const rows = valid.map(({ record }) => newDocumentRow(record, input, now));
  if (await insertIfAllNew(db, accountId, environment, rows)) return new Set<string>();
  return db.$transaction(
    async (tx) => {
      await lockDocumentSeries(
        tx,
        accountId,
        environment,
        rows.flatMap((row) => {
          const { serie, tipoeCF } = ledgerColumnsOf(row);
          return serie && tipoeCF ? [{ serie, tipoeCF }] : [];
        }),
      );
      const inserted = await insertAbsentDocuments(tx, rows);
      const rest = valid.filter((entry) => !inserted.has(entry.record.ncf));
      if (rest.length === 0) return new Set<string>();
      const existing = await tx.document.findMany({
        where: { accountId, environment, ncf: { in: rest.map((entry) => entry.record.ncf) } },
        select: { id: true, ncf: true, status: true, trackId: true, taxauthResponse: true },
      });
      const byNcf = new Map(existing.map((row) => [row.ncf, row]));
      const changes: Array<NewEvent<"document.status_changed">> = [];
      for (const { record } of rest) {
        const stored = byNcf.get(record.ncf);
        if (!stored) continue;
        await updateDocument(tx, stored, { ...updateData(record, input), updateAt: BigInt(now) });
        if (record.status !== undefined && record.status !== stored.status) {
          changes.push(statusChangedEvent(input, stored, record.status, now));
        }
      }
      // The outbox: in this transaction, so the events exist iff the statuses changed.
      await writeEvents(tx, changes);
      return new Set(byNcf.keys());
    },
    // Up to 1,000 updates of existing e-NCF on a busy server: past the 5 s default, not an error.
    { timeout: 60_000 },
  );
}

function statusChangedEvent(
  input: ImportInput,
  stored: { id: string; ncf: string; status: string },
  status: string,
  now: number,
): NewEvent<"document.status_changed"> {
  return documentStatusChangedEvent(
    { id: stored.id, ncf: stored.ncf, accountId: input.accountId, environment: input.environment },
    { customerId: input.rnc, previousStatus: stored.status, status, via: "import", now },
  );
}

/** The fields an entry sets (only those it carries), as stored. */
function updateData(record: DocumentImportRecord, input: ImportInput): DocumentChange {
  const data: DocumentChange = {};
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
  // A known issue date replaces what was stored; an entry without one leaves it as it was.
  const issuedAt = issueInstantOf(record);
  if (issuedAt !== null) {
    data.issuedAt = BigInt(issuedAt);
    data.createdAt = BigInt(issuedAt);
  }
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

/**
 * When the e-CF was issued, if the entry says: its createdAt (the issuer's own record), else its
 * fechaFirma, else its fechaEmision (that day's start, Santo Domingo time). Null: only the import's
 * time is known, and the gap review says so.
 */
function issueInstantOf(record: DocumentImportRecord): number | null {
  if (record.createdAt !== undefined) return record.createdAt;
  if (record.fechaFirma !== undefined) return parseFechaHora(record.fechaFirma);
  if (record.fechaEmision !== undefined) return parseFechaHora(`${record.fechaEmision} 00:00:00`);
  return null;
}

/** A new document's row: the entry's fields and the defaults (the writer derives the ledger's columns). */
function newDocumentRow(record: DocumentImportRecord, input: ImportInput, now: number): NewDocumentRow {
  const tipo = record.ncf.slice(1, 3) as EcfType;
  const issuedAt = issueInstantOf(record);
  const taxauthResponse = record.taxauthResponse ?? [];
  return {
    id: newDocumentId(),
    accountId: input.accountId,
    environment: input.environment,
    customerId: input.rnc,
    ncf: record.ncf,
    status: record.status ?? "En Proceso",
    trackId: record.trackId,
    internalTrackId: record.internalTrackId ?? randomUUID(),
    fileName: record.fileName ?? `${input.rnc}${record.ncf}.xml`,
    documentType: record.documentType ?? ecfTypeName(tipo),
    buyerRnc: record.buyerRnc,
    invoiceTotal: record.invoiceTotal?.toFixed(2),
    customerReceived: record.customerReceived,
    customerReceivedAt: record.customerReceivedAt,
    customerResponse: record.customerResponse,
    taxauthResponse,
    securityCode: record.securityCode,
    secretId: record.secretId,
    signedXml: record.signedXml,
    summarySignedXml: record.summarySignedXml,
    qrUrl: record.qr_url ?? qrUrlOf(record, input),
    createdAt: issuedAt ?? now,
    updateAt: now,
    issuedAt,
    source: "import",
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

/** The optional coverage mark (epoch ms, not in the future) is checked before anything is written. */
function checkCoveredUntil(value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > Date.now() + 60_000) {
    throw new AppError(
      "VALIDATION_FAILED",
      "coveredUntil debe ser un instante (epoch ms) que no esté en el futuro.",
      {
        errors: [
          {
            field: "coveredUntil",
            code: "VALIDATION_FAILED",
            message: "coveredUntil debe ser epoch ms, no futuro",
          },
        ],
      },
    );
  }
}
