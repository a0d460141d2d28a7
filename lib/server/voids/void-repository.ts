import "server-only";
import type { Environment } from "@/lib/domain/environments";
import type { ValidatedRange, VoidPlan } from "@/lib/domain/void-request";
import { getDb } from "@/lib/server/db";
import type { Prisma, VoidRecord } from "@/prisma/generated/client";
import type { VoidErrorCode, VoidRangeView, VoidRecordView } from "./void-views";

/**
 * Persistence of void attempts. Every query is scoped by accountId (the token's account) and the
 * path's environment: tenant isolation is a property of this file, not of its callers' care.
 */

export function toView(row: VoidRecord): VoidRecordView {
  return {
    voidId: row.id,
    accountId: row.accountId,
    customerId: row.customerId,
    environment: row.environment,
    status: row.status,
    fechaHoraAnulacion: row.fechaHoraAnulacion,
    totalVoided: Number(row.totalVoided),
    // jsonb reorders object keys: restore the spec's field order.
    ranges: (row.ranges as unknown as VoidRangeView[]).map((range) => ({
      tipoeCF: range.tipoeCF,
      secuenciaDesde: range.secuenciaDesde,
      secuenciaHasta: range.secuenciaHasta,
      cantidad: range.cantidad,
    })),
    fileName: row.fileName,
    taxauthCode: row.taxauthCode,
    taxauthName: row.taxauthName,
    taxauthResponse: row.taxauthResponse as unknown as string[],
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    createdBy: row.createdBy,
    createdAt: Number(row.createdAt),
    updateAt: Number(row.updateAt),
  };
}

export interface WriteAheadInput {
  voidId: string;
  accountId: string;
  rnc: string;
  environment: Environment;
  plan: VoidPlan;
  fileName: string;
  signedXml: string;
  createdBy: string;
  idempotencyKey?: string;
  requestHash?: string;
  now: number;
}

export function rangesView(ranges: readonly ValidatedRange[]): VoidRangeView[] {
  return ranges.map((range) => ({
    tipoeCF: range.tipoeCF,
    secuenciaDesde: range.secuenciaDesde,
    secuenciaHasta: range.secuenciaHasta,
    cantidad: range.cantidad,
  }));
}

/** Stores the attempt before anything is sent: status Error ("not confirmed yet") with the signed XML. */
export async function insertWriteAhead(input: WriteAheadInput): Promise<VoidRecordView> {
  const db = await getDb();
  const row = await db.voidRecord.create({
    data: {
      id: input.voidId,
      accountId: input.accountId,
      customerId: input.rnc,
      environment: input.environment,
      status: "Error",
      fechaHoraAnulacion: input.plan.fechaHoraAnulacion,
      totalVoided: BigInt(input.plan.totalVoided),
      ranges: rangesView(input.plan.ranges) as unknown as Prisma.InputJsonValue,
      fileName: input.fileName,
      taxauthResponse: [],
      signedXml: input.signedXml,
      errorCode: "NOT_CONFIRMED" satisfies VoidErrorCode,
      errorMessage: "Enviado a la DGII; respuesta aún no confirmada.",
      createdBy: input.createdBy,
      idempotencyKey: input.idempotencyKey ?? null,
      requestHash: input.requestHash ?? null,
      createdAt: BigInt(input.now),
      updateAt: BigInt(input.now),
    },
  });
  return toView(row);
}

export type VoidCompletion =
  | { status: "Aceptado" | "Rechazado"; codigo: string; nombre: string; mensajes: string[] }
  | { status: "Error"; errorCode: VoidErrorCode; errorMessage: string };

/**
 * Records the outcome of an attempt. A confirmed answer (Aceptado/Rechazado) is final: a later
 * "failed" never overwrites it. Accepted ranges are indexed for the ALREADY_VOIDED check, in the
 * same transaction as the status change.
 */
export async function completeVoid(
  record: Pick<VoidRecordView, "voidId" | "accountId" | "environment">,
  completion: VoidCompletion,
  plan: VoidPlan,
  now: number,
): Promise<VoidRecordView> {
  const db = await getDb();
  const where = { id: record.voidId, accountId: record.accountId, status: "Error" as const };
  if (completion.status === "Error") {
    await db.voidRecord.updateMany({
      where,
      data: { errorCode: completion.errorCode, errorMessage: completion.errorMessage, updateAt: BigInt(now) },
    });
  } else {
    await db.$transaction(async (tx) => {
      const updated = await tx.voidRecord.updateMany({
        where,
        data: {
          status: completion.status,
          taxauthCode: completion.codigo,
          taxauthName: completion.nombre,
          taxauthResponse: completion.mensajes,
          errorCode: null,
          errorMessage: null,
          updateAt: BigInt(now),
        },
      });
      if (updated.count === 1 && completion.status === "Aceptado") {
        await tx.voidedRange.createMany({
          data: plan.ranges.map((range) => ({
            accountId: record.accountId,
            environment: record.environment,
            voidId: record.voidId,
            serie: range.serie,
            tipoeCF: range.tipoeCF,
            desde: BigInt(range.desde),
            hasta: BigInt(range.hasta),
          })),
        });
      }
    });
  }
  const row = await db.voidRecord.findFirstOrThrow({
    where: { id: record.voidId, accountId: record.accountId },
  });
  return toView(row);
}

export async function findVoid(
  accountId: string,
  environment: Environment,
  voidId: string,
): Promise<VoidRecordView | null> {
  const db = await getDb();
  const row = await db.voidRecord.findFirst({ where: { id: voidId, accountId, environment } });
  return row ? toView(row) : null;
}

export async function findVoidByIdempotencyKey(
  accountId: string,
  environment: Environment,
  idempotencyKey: string,
): Promise<(VoidRecordView & { requestHash: string | null }) | null> {
  const db = await getDb();
  const row = await db.voidRecord.findFirst({ where: { accountId, environment, idempotencyKey } });
  return row ? { ...toView(row), requestHash: row.requestHash } : null;
}

export async function findSignedXml(
  accountId: string,
  environment: Environment,
  voidId: string,
): Promise<{ fileName: string; signedXml: string } | null> {
  const db = await getDb();
  return db.voidRecord.findFirst({
    where: { id: voidId, accountId, environment },
    select: { fileName: true, signedXml: true },
  });
}

/** The first accepted earlier void that one of `ranges` overlaps, per series and type. */
export async function findAcceptedOverlap(
  accountId: string,
  environment: Environment,
  ranges: readonly ValidatedRange[],
): Promise<{ range: ValidatedRange; voidId: string; desde: number; hasta: number } | null> {
  const db = await getDb();
  const groups = new Map<string, ValidatedRange[]>();
  for (const range of ranges) {
    const key = range.serie + range.tipoeCF;
    const group = groups.get(key);
    if (group) group.push(range);
    else groups.set(key, [range]);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    let min = Infinity;
    let max = -Infinity;
    for (const range of group) {
      min = Math.min(min, range.desde);
      max = Math.max(max, range.hasta);
    }
    // Only voided ranges inside the request's bounding box can overlap it.
    const voided = await db.voidedRange.findMany({
      where: {
        accountId,
        environment,
        serie: first.serie,
        tipoeCF: first.tipoeCF,
        desde: { lte: BigInt(max) },
        hasta: { gte: BigInt(min) },
      },
      orderBy: { desde: "asc" },
      select: { voidId: true, desde: true, hasta: true },
    });
    if (voided.length === 0) continue;
    const sorted = [...group].sort((a, b) => a.desde - b.desde);
    let j = 0;
    for (const range of sorted) {
      // Both lists sorted by start: skip voided ranges that end before this range starts.
      while (j < voided.length && Number(voided[j]!.hasta) < range.desde) j++;
      for (let k = j; k < voided.length && Number(voided[k]!.desde) <= range.hasta; k++) {
        if (Number(voided[k]!.hasta) >= range.desde) {
          const hit = voided[k]!;
          return { range, voidId: hit.voidId, desde: Number(hit.desde), hasta: Number(hit.hasta) };
        }
      }
    }
  }
  return null;
}
