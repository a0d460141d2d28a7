import "server-only";

import { formatEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { getDb, inTransaction, lockNumberSeries } from "@/lib/server/platform/db";

import { listPortalRanges } from "./portal-ranges";

/**
 * The lowest number of the reserved E34 sub-ranges that no document holds and no accepted void
 * took (the ledger's intervals), above the numbers `skip` names (ones the issue check refused since:
 * a void in progress, a document that arrived meanwhile). Read under the series lock, so it sees
 * every write-ahead committed before it. It reserves nothing: the number becomes used when issuing's
 * write-ahead stores the note under the same lock, and a confirmation that lost the race to it is
 * refused there and asks again here.
 */
export async function nextPortalNumber(
  accountId: string,
  environment: Environment,
  skip: ReadonlySet<string> = new Set(),
): Promise<string> {
  const ranges = await listPortalRanges(accountId, environment);
  if (ranges.length === 0) {
    throw new AppError(
      "CREDIT_NOTE_RANGE_MISSING",
      `No hay un rango E34 reservado para las notas de crédito del portal en ${environment}: ` +
        "un administrador debe reservarlo en Secuencias. No se firmó ni se envió nada.",
    );
  }
  const series = [...new Set(ranges.map((range) => range.serie))];
  const db = await getDb();
  const found = await inTransaction(db, async (tx) => {
    await lockNumberSeries(
      tx,
      accountId,
      environment,
      series.map((serie) => ({ serie, tipoeCF: "34" })),
    );
    for (const range of ranges) {
      const where = {
        accountId,
        environment,
        serie: range.serie,
        tipoeCF: "34",
        desde: { lte: BigInt(range.hasta) },
        hasta: { gte: BigInt(range.desde) },
      };
      const [issued, voided] = await Promise.all([
        tx.issuedInterval.findMany({ where, select: { desde: true, hasta: true } }),
        tx.voidedInterval.findMany({ where, select: { desde: true, hasta: true } }),
      ]);
      const taken = [...issued, ...voided]
        .map((row) => ({ desde: Number(row.desde), hasta: Number(row.hasta) }))
        .sort((a, b) => a.desde - b.desde);
      let candidate = range.desde;
      for (;;) {
        const holder = taken.find((t) => t.desde <= candidate && candidate <= t.hasta);
        if (holder) candidate = holder.hasta + 1;
        else if (skip.has(formatEncf(range.serie, "34", candidate))) candidate += 1;
        else break;
        if (candidate > range.hasta) break;
      }
      if (candidate <= range.hasta) return formatEncf(range.serie, "34", candidate);
    }
    return null;
  });
  if (found) return found;
  throw new AppError(
    "CREDIT_NOTE_RANGE_EXHAUSTED",
    `Todos los números E34 reservados para el portal en ${environment} están usados o anulados: ` +
      "un administrador debe reservar otro rango en Secuencias. No se firmó ni se envió nada.",
  );
}
