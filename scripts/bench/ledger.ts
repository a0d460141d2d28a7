import { formatEncf } from "@/lib/domain/encf";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase } from "@/lib/server/platform/db/test-database";
import { importDocuments } from "@/lib/server/documents/import-documents";
import { importEntry } from "@/lib/server/documents/test-support";
import {
  assertSequencesUnused,
  createAuthorization,
  findGaps,
  getInventory,
  setCoverageMark,
} from "@/lib/server/ledger";
import { scanLedger } from "@/lib/server/scans";

import { medianMs, report } from "./measure";

/**
 * 1,000,000 documents of E31 and 1,000 skipped numbers (every 1,001st): a large company's year,
 * the size the ledger's interval arithmetic must keep fast.
 * LEDGER_BENCH_DOCUMENTS runs a smaller ledger (still 1,000 skips), for an engine that cannot hold
 * a million rows in reasonable time; the lines then carry `documents`.
 */
const DOCUMENTS = Number(process.env.LEDGER_BENCH_DOCUMENTS ?? 1_000_000);
const SKIP_EVERY = Math.floor(DOCUMENTS / 1_000) + 1;
const ISSUED_SPAN = SKIP_EVERY * 1_000;
const SEED_CHUNK = 100_000;
const IMPORTED = 20_000;
const IMPORT_BATCH = 1_000;

/**
 * The sequence ledger: gaps, inventory and the pre-void check over a million documents of
 * one type, and the import's throughput through the real use case. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL (the `db` field says which). Seeded with INSERT … SELECT generate_series in
 * chunks, then IssuedInterval rebuilt as the migration's backfill does (both timed).
 */
export async function benchLedger(): Promise<void> {
  const database = await createTestDatabase();
  const db = database.kind;
  try {
    const company = await createTestAccount();
    const { accountId, rnc } = company.auth;
    const now = Date.now();
    const issuedAt = now - 30 * 86_400_000;
    const seeding = performance.now();
    // Without the IssuedInterval trigger (its transition table would hold every row), then the
    // intervals rebuilt from the documents as the migration's backfill does. Ids ordered like the
    // app's UUIDv7 (random ones made every insert a random page of the primary key). Chunks of
    // 100,000 with a checkpoint between: PGlite keeps its files and WAL in memory, and one
    // million-row statement grew it past ~2 GB and stalled (more than 15 minutes).
    await database.prisma.$executeRawUnsafe(
      `ALTER TABLE "Document" DISABLE TRIGGER "Document_ledger_issued_insert"`,
    );
    for (let low = 1; low <= ISSUED_SPAN; low += SEED_CHUNK) {
      const high = Math.min(ISSUED_SPAN, low + SEED_CHUNK - 1);
      await database.prisma.$executeRaw`
        INSERT INTO "Document" ("id", "accountId", "environment", "customerId", "ncf", "status", "createdAt",
                                "updateAt", "serie", "tipoeCF", "secuencia", "sequenceReusable")
        SELECT '0190f400-0000-7000-8000-' || lpad(n::text, 12, '0'), ${accountId}, 'TesteCF', ${rnc},
               'E31' || lpad(n::text, 10, '0'), 'Aceptado', ${BigInt(issuedAt)}, ${BigInt(issuedAt)}, 'E', '31',
               n, false
        FROM generate_series(${low}::bigint, ${high}::bigint) AS n
        WHERE n % ${SKIP_EVERY} <> 0`;
      if (db === "pglite") await database.prisma.$executeRawUnsafe(`CHECKPOINT`);
    }
    await database.prisma.$executeRawUnsafe(
      `ALTER TABLE "Document" ENABLE TRIGGER "Document_ledger_issued_insert"`,
    );
    const inserted = performance.now() - seeding;
    const rebuilding = performance.now();
    await database.prisma.$queryRaw`SELECT "ledger_rebuild_issued_intervals"(${accountId})::int AS made`;
    const rebuilt = performance.now() - rebuilding;
    // Steady state: autovacuum has set the visibility map (index-only scans) and the statistics.
    await database.prisma.$executeRawUnsafe(`VACUUM ANALYZE "Document"`);
    await database.prisma.$executeRawUnsafe(`VACUUM ANALYZE "IssuedInterval"`);
    const size = { db, documents: DOCUMENTS };
    report({
      name: "ledger_seed_documents",
      value: performance.now() - seeding,
      unit: "ms",
      ...size,
      inserted,
    });
    report({ name: "ledger_issued_intervals_backfill", value: rebuilt, unit: "ms", ...size });
    await createAuthorization({
      accountId,
      environment: "TesteCF",
      createdBy: "bench",
      body: {
        secuenciaDesde: formatEncf("E", "31", 1),
        secuenciaHasta: formatEncf("E", "31", 2_000_000),
        fechaAutorizacion: "02-01-2026",
      },
    });
    await setCoverageMark(accountId, "TesteCF", now - 60_000, "bench", now);

    let gapCount = 0;
    const gaps = await medianMs(async () => {
      const page = await findGaps({ accountId, environment: "TesteCF", limit: "1000", now });
      gapCount = page.gaps.length;
    }, 5);
    report({ name: "ledger_gaps_p50", value: gaps, unit: "ms", ...size, gaps: gapCount, target: 200 });

    const inventory = await medianMs(() => getInventory(accountId, "TesteCF", now), 5);
    report({ name: "ledger_inventory_p50", value: inventory, unit: "ms", ...size, target: 100 });

    // The hourly ledger scan over this company: the first run announces the first 100
    // gaps (its per-run bound, events and keys written); once every gap is announced, a run that
    // finds nothing new is the steady cost of each hour.
    const firstScan = performance.now();
    const scanned = await scanLedger({ now });
    report({
      name: "scans_ledger_ms",
      value: performance.now() - firstScan,
      unit: "ms",
      ...size,
      announced: scanned.announced["sequence.gap_detected"],
    });
    await scanLedger({ now, eventsPerRun: 10_000 });
    const steady = await medianMs(() => scanLedger({ now }), 3);
    report({ name: "scans_ledger_nothing_new_p50", value: steady, unit: "ms", ...size, gaps: gapCount });

    // 10,000 single-number ranges never issued (above the issued span): the check reads them all.
    const ranges = Array.from({ length: 10_000 }, (_, i) => {
      const n = ISSUED_SPAN + 1 + i * 3;
      return { serie: "E", tipoeCF: "31", desde: n, hasta: n };
    });
    const prevoid = await medianMs(() => assertSequencesUnused(accountId, "TesteCF", ranges), 5);
    report({ name: "prevoid_check_10000_ranges_p50", value: prevoid, unit: "ms", ...size, target: 50 });

    // The import use case, 1,000 documents a call (its limit), new e-NCF above the seeded ones.
    const started = performance.now();
    for (let offset = 0; offset < IMPORTED; offset += IMPORT_BATCH) {
      const documents = Array.from({ length: IMPORT_BATCH }, (_, i) =>
        importEntry(formatEncf("E", "31", ISSUED_SPAN + 500_000 + offset + i)),
      );
      const result = await importDocuments({
        accountId,
        rnc,
        environment: "TesteCF",
        body: { documents },
        createdBy: "bench",
      });
      if (result.created !== IMPORT_BATCH) throw new Error(`import created ${result.created}`);
    }
    const seconds = (performance.now() - started) / 1000;
    report({
      name: "ledger_import_documents_per_second",
      value: IMPORTED / seconds,
      unit: "count",
      ...size,
      imported: IMPORTED,
      batch: IMPORT_BATCH,
      target: 5_000,
    });
  } finally {
    await database.dispose();
  }
}
