import { gzipSync } from "node:zlib";

import type { PrismaClient } from "@/lib/server/platform/db";

/**
 * `count` voids of one type-31 range each, written straight to the database in batches of 1,000
 * (what the lists and pages read; nothing is sent): void n covers E31 numbers 10n+1 … 10n+5, every
 * tenth is Rechazado, the others Aceptado with their voided intervals, one second apart from
 * `startMs` (with `intervals`, also taken into the ledger). Ids are UUIDv7-shaped, `idPrefix` + n (so two seedings in one database differ).
 */
export async function seedVoids(
  prisma: PrismaClient,
  owner: { accountId: string; rnc: string },
  count: number,
  options: { idPrefix: string; startMs: number; intervals?: boolean },
): Promise<void> {
  const signedXmlGzip = gzipSync("<ANECF/>").toString("base64");
  for (let first = 0; first < count; first += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - first) }, (_, i) => {
      const n = first + i;
      const desde = BigInt(n * 10 + 1);
      const hasta = desde + 4n;
      const encf = (value: bigint) => `E31${String(value).padStart(10, "0")}`;
      return {
        n,
        desde,
        hasta,
        id: `${options.idPrefix}${String(n).padStart(12, "0")}`,
        accepted: n % 10 !== 0,
        ranges: JSON.stringify([["31", encf(desde), encf(hasta), 5]]),
      };
    });
    await prisma.voidRecord.createMany({
      data: rows.map((row) => ({
        id: row.id,
        accountId: owner.accountId,
        customerId: owner.rnc,
        environment: "TesteCF" as const,
        status: row.accepted ? ("Aceptado" as const) : ("Rechazado" as const),
        fechaHoraAnulacion: "22-11-2026 08:00:00",
        totalVoided: 5n,
        ranges: row.ranges,
        rangeCount: 1,
        fileName: `${owner.rnc}ANECF${row.id}.xml`,
        taxauthCode: row.accepted ? "1" : "2",
        taxauthName: row.accepted ? "Aceptado" : "Rechazado",
        taxauthResponse: [],
        signedXmlGzip,
        createdAt: BigInt(options.startMs + row.n * 1_000),
        updateAt: BigInt(options.startMs + row.n * 1_000),
        // With its intervals written here, the ledger has taken the void in (sync-voided.ts).
        ledgerSyncedAt: options.intervals ? BigInt(options.startMs + row.n * 1_000) : null,
      })),
    });
    if (options.intervals) {
      await prisma.voidedInterval.createMany({
        data: rows
          .filter((row) => row.accepted)
          .map((row) => ({
            voidId: row.id,
            accountId: owner.accountId,
            environment: "TesteCF" as const,
            serie: "E",
            tipoeCF: "31",
            desde: row.desde,
            hasta: row.hasta,
          })),
      });
    }
  }
}
