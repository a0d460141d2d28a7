import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEncf } from "@/lib/domain/encf";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { seriesLockKey } from "@/lib/server/platform/db/series-lock";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { importDocuments } from "@/lib/server/documents/import-documents";
import { importEntry } from "@/lib/server/documents/test-support";

/**
 * IssuedInterval (the ledger's issued side, kept by triggers on "Document") against the documents
 * themselves: random imports, re-imports that make a number reusable or used again, status
 * refreshes written the way refresh-documents.ts writes them, demo-style createMany, deletes — after
 * each step the stored intervals must be exactly the maximal runs of the used numbers, per series+
 * type, and the migration's backfill (ledger_rebuild_issued_intervals) must rebuild the same rows.
 */

const HOUR = 3_600_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
  };
}

type Row = [serie: string, tipo: string, desde: number, hasta: number];

/** Maximal runs of a set of numbers, per series+type, sorted like the query below. */
function runsOf(used: Map<string, Set<number>>): Row[] {
  const out: Row[] = [];
  for (const key of [...used.keys()].sort()) {
    const numbers = [...used.get(key)!].sort((a, b) => a - b);
    for (const n of numbers) {
      const last = out.at(-1);
      if (last && last[0] + last[1] === key && last[3] === n - 1) last[3] = n;
      else out.push([key.slice(0, 1), key.slice(1), n, n]);
    }
  }
  return out;
}

async function storedIntervals(accountId: string): Promise<Row[]> {
  const rows = await database.prisma.issuedInterval.findMany({
    where: { accountId, environment: "TesteCF" },
    orderBy: [{ serie: "asc" }, { tipoeCF: "asc" }, { desde: "asc" }],
  });
  return rows.map((r) => [r.serie, r.tipoeCF, Number(r.desde), Number(r.hasta)]);
}

/** The used numbers as the documents hold them (the brute-force side). */
async function usedFromDocuments(accountId: string): Promise<Map<string, Set<number>>> {
  const docs = await database.prisma.document.findMany({
    where: { accountId, environment: "TesteCF", sequenceReusable: false, secuencia: { not: null } },
    select: { serie: true, tipoeCF: true, secuencia: true },
  });
  const used = new Map<string, Set<number>>();
  for (const d of docs) {
    const key = d.serie! + d.tipoeCF!;
    if (!used.has(key)) used.set(key, new Set());
    used.get(key)!.add(Number(d.secuencia));
  }
  return used;
}

const rejectedUnused = (ncf: string) => ({
  status: "Rechazado",
  taxauthResponse: [{ trackId: `track-${ncf}`, codigo: 2, estado: "Rechazado", secuenciaUtilizada: false }],
});

describe("IssuedInterval follows every write of documents", () => {
  it.each([11, 29, 47, 83, 131, 197])("seed %i: imports, re-imports, refreshes, deletes", async (seed) => {
    const r = rng(seed);
    const { accountId, rnc } = (await createTestAccount()).auth;
    const tipos = ["31", "32", "34"] as const;
    const model = new Map<string, Set<number>>();
    const known = new Map<string, { tipo: string; n: number }>();
    const mark = (tipo: string, n: number, used: boolean) => {
      const key = `E${tipo}`;
      if (!model.has(key)) model.set(key, new Set());
      if (used) model.get(key)!.add(n);
      else model.get(key)!.delete(n);
    };
    for (let step = 0; step < 12; step += 1) {
      const action = r.int(0, 4);
      if (action <= 1 || known.size === 0) {
        // An import of new and known e-NCF: a few reusable (Rechazado, secuenciaUtilizada=false),
        // known ones re-imported as used or as reusable.
        const documents: Array<Record<string, unknown>> = [];
        const seen = new Set<string>();
        for (let i = r.int(1, 40); i > 0; i -= 1) {
          const tipo = tipos[r.int(0, 2)]!;
          const n = r.int(1, 120);
          const ncf = formatEncf("E", tipo, n);
          if (seen.has(ncf)) continue;
          seen.add(ncf);
          const reusable = r.chance(0.2);
          documents.push(importEntry(ncf, reusable ? rejectedUnused(ncf) : {}));
          known.set(ncf, { tipo, n });
          mark(tipo, n, !reusable);
        }
        const result = await importDocuments({ accountId, rnc, environment: "TesteCF", body: { documents } });
        expect(result.invalid).toBe(0);
      } else if (action === 2) {
        // A status refresh, written as refresh-documents.ts writes it (one updateMany per document).
        const [ncf, { tipo, n }] = [...known][r.int(0, known.size - 1)]!;
        const reusable = r.chance(0.5);
        await database.prisma.document.updateMany({
          where: { accountId, ncf },
          data: reusable
            ? { status: "Rechazado", sequenceReusable: true, checkedAt: BigInt(Date.now()) }
            : { status: "Aceptado", sequenceReusable: false, checkedAt: BigInt(Date.now()) },
        });
        mark(tipo, n, !reusable);
        // An update of nothing the ledger reads changes nothing.
        await database.prisma.document.updateMany({ where: { accountId }, data: { checkedAt: 1n } });
      } else if (action === 3) {
        // Demo-style createMany (skipDuplicates) of a run of numbers.
        const tipo = tipos[r.int(0, 2)]!;
        const from = r.int(1, 110);
        const data = Array.from({ length: r.int(1, 10) }, (_, i) => from + i)
          .filter((n) => !known.has(formatEncf("E", tipo, n)))
          .map((n) => ({
            accountId,
            environment: "TesteCF" as const,
            customerId: rnc,
            ncf: formatEncf("E", tipo, n),
            status: "Aceptado",
            serie: "E",
            tipoeCF: tipo,
            secuencia: BigInt(n),
            createdAt: BigInt(Date.now() - HOUR),
            updateAt: BigInt(Date.now() - HOUR),
          }));
        await database.prisma.document.createMany({ data, skipDuplicates: true });
        for (const d of data) {
          known.set(d.ncf, { tipo, n: Number(d.secuencia) });
          mark(tipo, Number(d.secuencia), true);
        }
      } else {
        // Deletes of a few documents.
        const victims = [...known].filter(() => r.chance(0.15));
        await database.prisma.document.deleteMany({
          where: { accountId, ncf: { in: victims.map(([ncf]) => ncf) } },
        });
        for (const [ncf, { tipo, n }] of victims) {
          known.delete(ncf);
          mark(tipo, n, false);
        }
      }
      const stored = await storedIntervals(accountId);
      expect(stored, `seed ${seed} step ${step}: against the model`).toEqual(runsOf(model));
      expect(stored, `seed ${seed} step ${step}: against the documents`).toEqual(
        runsOf(await usedFromDocuments(accountId)),
      );
    }
    // The backfill rebuilds the very same rows.
    const before = await storedIntervals(accountId);
    await database.prisma.$queryRaw`SELECT "ledger_rebuild_issued_intervals"(${accountId})::int AS made`;
    expect(await storedIntervals(accountId)).toEqual(before);
  });

  it("keeps one canonical set when imports of one series run at once, and leaves other companies alone", async () => {
    const a = (await createTestAccount()).auth;
    const b = (await createTestAccount()).auth;
    const batch = (rnc: string, accountId: string, numbers: number[]) =>
      importDocuments({
        accountId,
        rnc,
        environment: "TesteCF",
        body: { documents: numbers.map((n) => importEntry(formatEncf("E", "31", n))) },
      });
    // Interleaved numbers: every import touches (merges with) the others' runs.
    const slices = [0, 1, 2, 3].map((k) => Array.from({ length: 50 }, (_, i) => 1 + k + i * 4));
    await Promise.all([
      ...slices.map((numbers) => batch(a.rnc, a.accountId, numbers)),
      batch(b.rnc, b.accountId, [7]),
    ]);
    expect(await storedIntervals(a.accountId)).toEqual([["E", "31", 1, 200]]);
    expect(await storedIntervals(b.accountId)).toEqual([["E", "31", 7, 7]]);
    // The same new e-NCF imported twice at once: one statement wins, the other falls back to the
    // transactional path and updates them — each created exactly once, nothing lost or doubled.
    const same = Array.from({ length: 30 }, (_, i) => 301 + i);
    const twice = await Promise.all([batch(a.rnc, a.accountId, same), batch(a.rnc, a.accountId, same)]);
    expect(twice.map((r) => r.created + r.updated)).toEqual([30, 30]);
    expect(twice[0]!.created + twice[1]!.created).toBe(30);
    expect(await database.prisma.document.count({ where: { accountId: a.accountId } })).toBe(230);
    expect(await storedIntervals(a.accountId)).toEqual([
      ["E", "31", 1, 200],
      ["E", "31", 301, 330],
    ]);
    // A company's deletion takes its intervals with it.
    await database.prisma.account.delete({ where: { id: b.accountId } });
    expect(await database.prisma.issuedInterval.count({ where: { accountId: b.accountId } })).toBe(0);
    expect(await storedIntervals(a.accountId)).toHaveLength(2);
  });

  it("the triggers lock with seriesLockKey's key (voids and imports of a series wait for each other)", async () => {
    for (const [account, env, serie, tipo] of [
      ["acc-1", "TesteCF", "E", "31"],
      ["0190f400-0000-7000-8000-000000000001", "eCF", "E", "47"],
    ] as const) {
      const [row] = await database.prisma.$queryRaw<Array<{ key: bigint }>>`
        SELECT "ledger_series_lock_key"(${account}, ${env}, ${serie}, ${tipo}) AS key`;
      expect(row!.key).toBe(seriesLockKey(account, env, serie, tipo));
    }
  });
});
