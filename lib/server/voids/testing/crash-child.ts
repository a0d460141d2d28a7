/**
 * Child process of void-crash.test.ts: opens the embedded database (DATA_DIR), starts one void
 * against an authority that never answers, prints `WRITTEN <voidId>` once the write-ahead record
 * exists, then waits to be killed. Run with `tsx --conditions=react-server`.
 */
import { getDb } from "@/lib/server/db";
import { createVoid } from "../create-void";

async function main(): Promise<void> {
  const db = await getDb();
  const account = await db.account.findFirstOrThrow({ where: { rnc: process.env.DEMO_RNC } });
  void createVoid({
    accountId: account.id,
    rnc: account.rnc,
    environment: "TesteCF",
    body: { ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000003" }] },
    createdBy: "crash-test",
  }).catch(() => {});
  for (;;) {
    const record = await db.voidRecord.findFirst({ where: { accountId: account.id }, select: { id: true } });
    if (record) {
      process.stdout.write(`WRITTEN ${record.id}\n`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise(() => {}); // the authority hangs; the parent kills this process
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
