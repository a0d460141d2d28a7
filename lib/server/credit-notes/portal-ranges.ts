import "server-only";

import { formatEncf, readEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { creditNoteRangeRequestSchema } from "@/lib/schemas/credit-note";
import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { getDb, inTransaction, lockNumberSeries } from "@/lib/server/platform/db";

/** A sub-range of E34 numbers the portal's credit notes take from. */
export interface PortalCreditNoteRange {
  id: string;
  serie: string;
  desde: number;
  hasta: number;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
  createdBy: string;
  createdAt: number;
}

/** Sub-ranges per company and environment (a few in practice; each is a block of thousands). */
const MAX_RANGES = 100;

export async function listPortalRanges(
  accountId: string,
  environment: Environment,
): Promise<PortalCreditNoteRange[]> {
  const db = await getDb();
  const rows = await db.portalCreditNoteRange.findMany({
    where: { accountId, environment },
    orderBy: [{ serie: "asc" }, { desde: "asc" }],
    take: MAX_RANGES,
  });
  return rows.map((row) => {
    const desde = Number(row.desde);
    const hasta = Number(row.hasta);
    return {
      id: row.id,
      serie: row.serie,
      desde,
      hasta,
      secuenciaDesde: formatEncf(row.serie, "34", desde),
      secuenciaHasta: formatEncf(row.serie, "34", hasta),
      cantidad: hasta - desde + 1,
      createdBy: row.createdBy,
      createdAt: Number(row.createdAt),
    };
  });
}

/**
 * Reserves E34 numbers for the portal's credit notes: both ends of one series, type 34, wholly
 * inside one registered E34 authorization (409 CREDIT_NOTE_RANGE_OUTSIDE_AUTHORIZATION), overlapping
 * no sub-range reserved before (409 CREDIT_NOTE_RANGE_OVERLAP). Checked and written under the E34
 * series lock, with its activity-log entry, in one transaction.
 */
export async function reservePortalRange(input: {
  accountId: string;
  environment: Environment;
  body: unknown;
  by: ActivityBy;
  createdBy: string;
  now?: number;
}): Promise<PortalCreditNoteRange> {
  const { accountId, environment } = input;
  const { serie, desde, hasta } = parseRange(input.body);
  const now = input.now ?? Date.now();
  const db = await getDb();
  const id = await inTransaction(db, async (tx) => {
    await lockNumberSeries(tx, accountId, environment, [{ serie, tipoeCF: "34" }]);
    const authorization = await tx.sequenceAuthorization.findFirst({
      where: { accountId, environment, serie, tipoeCF: "34", desde: { lte: desde }, hasta: { gte: hasta } },
      select: { id: true },
    });
    if (!authorization) {
      throw new AppError(
        "CREDIT_NOTE_RANGE_OUTSIDE_AUTHORIZATION",
        `${formatEncf(serie, "34", Number(desde))} – ${formatEncf(serie, "34", Number(hasta))} no está completo ` +
          `dentro de una autorización E34 registrada en ${environment}: registre primero la autorización de la DGII ` +
          "(Secuencias → Autorizaciones) y reserve una parte de ella.",
      );
    }
    const overlap = await tx.portalCreditNoteRange.findFirst({
      where: { accountId, environment, serie, desde: { lte: hasta }, hasta: { gte: desde } },
    });
    if (overlap) {
      throw new AppError(
        "CREDIT_NOTE_RANGE_OVERLAP",
        `El rango se solapa con el ya reservado ${formatEncf(serie, "34", Number(overlap.desde))} – ` +
          `${formatEncf(serie, "34", Number(overlap.hasta))}.`,
        { extra: { rangeId: overlap.id } },
      );
    }
    const row = await tx.portalCreditNoteRange.create({
      data: {
        accountId,
        environment,
        serie,
        desde,
        hasta,
        createdBy: input.createdBy,
        createdAt: BigInt(now),
      },
    });
    await recordActivity(tx, {
      accountId,
      environment,
      action: "credit_note_range.reserved",
      ...input.by,
      subject: { type: "credit_note_range", id: row.id },
      details: {
        secuenciaDesde: formatEncf(serie, "34", Number(desde)),
        secuenciaHasta: formatEncf(serie, "34", Number(hasta)),
        authorizationId: authorization.id,
      },
    });
    return row.id;
  });
  return (await listPortalRanges(accountId, environment)).find((range) => range.id === id)!;
}

/** Ends a reservation (numbers already issued from it stay issued); 404 CREDIT_NOTE_RANGE_NOT_FOUND. */
export async function removePortalRange(input: {
  accountId: string;
  environment: Environment;
  id: string;
  by: ActivityBy;
}): Promise<void> {
  const db = await getDb();
  await inTransaction(db, async (tx) => {
    const row = await tx.portalCreditNoteRange.findFirst({
      where: { id: input.id, accountId: input.accountId, environment: input.environment },
    });
    if (!row) throw new AppError("CREDIT_NOTE_RANGE_NOT_FOUND", "No se encontró ese rango reservado.");
    await tx.portalCreditNoteRange.delete({ where: { id: row.id } });
    await recordActivity(tx, {
      accountId: input.accountId,
      environment: input.environment,
      action: "credit_note_range.removed",
      ...input.by,
      subject: { type: "credit_note_range", id: row.id },
      details: {
        secuenciaDesde: formatEncf(row.serie, "34", Number(row.desde)),
        secuenciaHasta: formatEncf(row.serie, "34", Number(row.hasta)),
      },
    });
  });
}

function parseRange(body: unknown): { serie: string; desde: bigint; hasta: bigint } {
  const parsed = creditNoteRangeRequestSchema.safeParse(body);
  const problems: Array<{ field: string; code: "VALIDATION_FAILED"; message: string }> = [];
  const fail = (field: string, message: string) =>
    problems.push({ field, code: "VALIDATION_FAILED", message });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? "body"), issue.message);
  } else {
    const from = readEncf(parsed.data.secuenciaDesde);
    const to = readEncf(parsed.data.secuenciaHasta);
    if (typeof from === "string") fail("secuenciaDesde", "no es un e-NCF válido");
    if (typeof to === "string") fail("secuenciaHasta", "no es un e-NCF válido");
    if (typeof from !== "string" && typeof to !== "string") {
      if (from.tipo !== "34" || to.tipo !== "34")
        fail("secuenciaDesde", "ambos extremos deben ser tipo 34 (E34…)");
      else if (from.serie !== to.serie) fail("secuenciaHasta", "ambos extremos deben ser de la misma serie");
      else if (from.secuencia > to.secuencia)
        fail("secuenciaHasta", "el final no puede ser menor que el inicio");
      else return { serie: from.serie, desde: BigInt(from.secuencia), hasta: BigInt(to.secuencia) };
    }
  }
  throw new AppError("VALIDATION_FAILED", `Rango inválido: ${problems.map((p) => p.message).join("; ")}.`, {
    errors: problems,
  });
}
