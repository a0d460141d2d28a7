import "server-only";

import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";

import { activityActionLabel, isActivityAction } from "@/lib/domain/activity-actions";
import { date608 } from "@/lib/domain/dgii-608";
import { formatFechaHora } from "@/lib/domain/fecha";
import { isVoidReasonCode, VOID_REASON_DGII_NAMES } from "@/lib/domain/void-reasons";
import { getDictionary } from "@/lib/i18n";
import { csvChunks, type CsvRow } from "@/lib/server/platform/http/csv";
import { parseStoredRanges } from "@/lib/server/platform/db/stored-ranges";

import {
  activityPages,
  attemptsOf,
  eachVoid,
  evidenceBytes,
  evidenceListOf,
  rangesOf,
  signedXmlOf,
  type AuditScope,
  type AuditVoidRow,
  type PageOptions,
} from "./audit-queries";
import type { ZipWriter } from "./zip-writer";

/**
 * The pack's files besides the 608: CSV through the app's one CSV writer (UTF-8 with BOM, formula
 * injection neutralised, lib/server/platform/http/csv.ts), each streamed; the signed XML and the evidence as
 * their exact bytes. Dates as the portal shows them: dd-MM-yyyy HH:mm:ss, Santo Domingo. The pack is
 * in Spanish, the accountant's and DGII's language, whatever the portal's language.
 */

const when = (ms: bigint | null): string | null => (ms === null ? null : formatFechaHora(Number(ms)));
const yesNo = (value: boolean): string => (value ? "sí" : "no");

function csvEntry(header: CsvRow, rows: AsyncIterable<CsvRow>): Readable {
  return Readable.from(csvChunks(header, rows));
}

/** The ANECF's signed fechaHoraAnulacion, in the accountant's words (the month and day of its 608 line). */
export const SIGNED_DATE_HEADER = "Fecha de anulación (firmada)";

export const VOIDS_CSV_HEADER: CsvRow = [
  "Anulación",
  "Ambiente",
  "Creada",
  SIGNED_DATE_HEADER,
  "Estado",
  "Parcial",
  "Solicitada por",
  "Aprobada por",
  "Aprobada",
  "Solicitud",
  "Código de motivo",
  "Motivo (DGII)",
  "Descripción del motivo",
  "Rangos",
  "Total anulado",
  "Total exceptuado",
  "Archivo XML",
  "Código DGII",
  "Respuesta DGII",
  "Mensajes DGII",
  "Error",
  "Detalle del error",
  "Confirmada por",
  "Confirmada",
  "Resultado confirmado",
  "Nota de la confirmación",
  "Requiere revisión",
  "Actualizada",
];

export function voidCsvRow(row: AuditVoidRow): CsvRow {
  const messages = (Array.isArray(row.taxauthResponse) ? row.taxauthResponse : []).map(String).join(" | ");
  return [
    row.id,
    row.environment,
    when(row.createdAt),
    row.fechaHoraAnulacion,
    row.status,
    yesNo(row.totalExcepted !== null),
    row.createdBy,
    row.approvedBy,
    when(row.approvedAt),
    row.requestId,
    row.reasonCode,
    isVoidReasonCode(row.reasonCode) ? VOID_REASON_DGII_NAMES[row.reasonCode] : null,
    row.reasonText,
    row.rangeCount,
    Number(row.totalVoided),
    row.totalExcepted === null ? null : Number(row.totalExcepted),
    `xml/${row.fileName}`,
    row.taxauthCode,
    row.taxauthName,
    messages,
    row.errorCode,
    row.errorMessage,
    row.settledBy,
    when(row.settledAt),
    row.settlementOutcome,
    row.settlementNote,
    yesNo(row.needsReview),
    when(row.updateAt),
  ];
}

/** anulaciones.csv: one row per void of the period, whatever its status. */
export function voidsCsv(scope: AuditScope, pages: PageOptions): Readable {
  async function* rows(): AsyncGenerator<CsvRow> {
    for await (const row of eachVoid(scope, "all", pages)) yield voidCsvRow(row);
  }
  return csvEntry(VOIDS_CSV_HEADER, rows());
}

/** rangos.csv: one row per range (a 100,000-range void is 100,000 short rows); one void's ranges at a time. */
export function rangesCsv(scope: AuditScope, pages: PageOptions): Readable {
  async function* rows(): AsyncGenerator<CsvRow> {
    for await (const row of eachVoid(scope, "all", pages)) {
      const stored = await rangesOf(scope, row.id);
      for (const range of parseStoredRanges(stored.ranges)) {
        yield [
          row.id,
          row.status,
          range.tipoeCF,
          range.secuenciaDesde,
          range.secuenciaHasta,
          range.cantidad,
          "no",
        ];
      }
      if (stored.excepted) {
        for (const range of parseStoredRanges(stored.excepted)) {
          yield [
            row.id,
            row.status,
            range.tipoeCF,
            range.secuenciaDesde,
            range.secuenciaHasta,
            range.cantidad,
            "sí",
          ];
        }
      }
    }
  }
  return csvEntry(
    ["Anulación", "Estado", "Tipo", "Desde", "Hasta", "Cantidad", "Exceptuado por la DGII"],
    rows(),
  );
}

/** Every signed ANECF exactly as sent (xml/{fileName}), decompressed one at a time, as a stream. */
export async function writeSignedXml(zip: ZipWriter, scope: AuditScope, pages: PageOptions): Promise<void> {
  for await (const row of eachVoid(scope, "all", pages)) {
    const gunzip = createGunzip();
    gunzip.end(Buffer.from(await signedXmlOf(scope, row.id), "base64"));
    await zip.add(`xml/${row.fileName}`, gunzip);
  }
}

/**
 * Every DGII answer (respuestas-dgii/{voidId}.json): the void's own exchange as recorded — DGII's
 * codigo, nombre and mensajes, or why there is none (errorCode) — and each resend or late answer.
 */
export async function writeAnswers(zip: ZipWriter, scope: AuditScope, pages: PageOptions): Promise<void> {
  for await (const row of eachVoid(scope, "all", pages)) {
    const attempts = await attemptsOf(scope, row.id);
    const answer = {
      voidId: row.id,
      estado: row.status,
      respuesta:
        row.taxauthCode === null && row.taxauthName === null
          ? null
          : { codigo: row.taxauthCode, nombre: row.taxauthName, mensajes: row.taxauthResponse },
      error: row.errorCode === null ? null : { codigo: row.errorCode, mensaje: row.errorMessage },
      intentos: attempts.map((attempt) => ({
        intento: attempt.attemptNumber,
        tipo: attempt.kind,
        pedidoPor: attempt.requestedBy,
        inicio: when(attempt.startedAt),
        fin: when(attempt.finishedAt),
        resultado: attempt.outcome,
        respuesta:
          attempt.taxauthCode === null && attempt.taxauthName === null
            ? null
            : { codigo: attempt.taxauthCode, nombre: attempt.taxauthName, mensajes: attempt.taxauthResponse },
        error:
          attempt.errorCode === null ? null : { codigo: attempt.errorCode, mensaje: attempt.errorMessage },
      })),
    };
    await zip.add(`respuestas-dgii/${row.id}.json`, `${JSON.stringify(answer, null, 2)}\n`);
  }
}

/** Characters a file name keeps inside the ZIP; anything else (separators, control characters) becomes "_". */
export function evidencePath(voidId: string, evidenceId: string, fileName: string): string {
  const safe = fileName
    .replace(/[^A-Za-z0-9._ -]/g, "_")
    .replace(/^\.+/, "_")
    .slice(0, 120);
  return `evidencias/${voidId}/${evidenceId}-${safe}`;
}

/** conciliaciones.csv: the voids a person settled, with their evidence files' paths in the pack. */
export function settlementsCsv(scope: AuditScope, pages: PageOptions): Readable {
  async function* rows(): AsyncGenerator<CsvRow> {
    for await (const row of eachVoid(scope, "settled", pages)) {
      const files = await evidenceListOf(scope, row.id);
      yield [
        row.id,
        row.status,
        row.settledBy,
        when(row.settledAt),
        row.settlementOutcome,
        row.settlementNote,
        yesNo(row.needsReview),
        files.map((file) => evidencePath(row.id, file.id, file.fileName)).join(" | "),
      ];
    }
  }
  return csvEntry(
    [
      "Anulación",
      "Estado",
      "Confirmada por",
      "Confirmada",
      "Resultado confirmado",
      "Nota",
      "Requiere revisión",
      "Evidencias",
    ],
    rows(),
  );
}

/** The evidence files' exact bytes, one at a time. */
export async function writeEvidence(zip: ZipWriter, scope: AuditScope, pages: PageOptions): Promise<void> {
  for await (const row of eachVoid(scope, "settled", pages)) {
    for (const file of await evidenceListOf(scope, row.id)) {
      await zip.add(evidencePath(row.id, file.id, file.fileName), await evidenceBytes(scope, file.id));
    }
  }
}

export const ACTIVITY_CSV_HEADER: CsvRow = [
  "Fecha",
  "Acción",
  "Código de acción",
  "Tipo de actor",
  "Actor",
  "Id del actor",
  "Ambiente",
  "Sujeto",
  "Id del sujeto",
  "IP",
  "Detalles",
  "Id",
];

const ACTION_LABELS = getDictionary("es").activity.actions;

/**
 * actividad.csv: the company's activity log in the period (this environment and none), each action
 * in words ("Inicio de sesión") beside its code for a filter or a script.
 */
export function activityCsv(scope: AuditScope): Readable {
  async function* rows(): AsyncGenerator<CsvRow> {
    for await (const page of activityPages(scope)) {
      for (const entry of page) {
        yield [
          when(entry.createdAt),
          isActivityAction(entry.action) ? activityActionLabel(ACTION_LABELS, entry.action) : entry.action,
          entry.action,
          entry.actorType,
          entry.actorLabel,
          entry.actorId,
          entry.environment,
          entry.subjectType,
          entry.subjectId,
          entry.ip,
          JSON.stringify(entry.details ?? {}),
          entry.id,
        ];
      }
    }
  }
  return csvEntry(ACTIVITY_CSV_HEADER, rows());
}

/**
 * sin-motivo.csv: what DGII voided without a reason, one row per range, the Código de motivo column
 * left empty for the accountant to complete: none is ever given a default, and these numbers are in
 * no 608 line.
 */
export function withoutReasonCsv(scope: AuditScope, pages: PageOptions): Readable {
  async function* rows(): AsyncGenerator<CsvRow> {
    for await (const row of eachVoid(scope, "voided-without-reason", pages)) {
      const { ranges } = await rangesOf(scope, row.id);
      for (const range of parseStoredRanges(ranges)) {
        yield [
          row.id,
          row.fechaHoraAnulacion,
          date608(row.fechaHoraAnulacion),
          row.createdBy,
          range.tipoeCF,
          range.secuenciaDesde,
          range.secuenciaHasta,
          range.cantidad,
          null,
        ];
      }
    }
  }
  return csvEntry(
    [
      "Anulación",
      SIGNED_DATE_HEADER,
      "Fecha (608)",
      "Solicitada por",
      "Tipo",
      "Desde",
      "Hasta",
      "Cantidad",
      "Código de motivo (completar)",
    ],
    rows(),
  );
}
