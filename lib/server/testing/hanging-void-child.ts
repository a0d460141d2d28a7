/**
 * Child process for the crash and shutdown tests (see run-hanging-void-child.ts): opens the
 * embedded database in DATA_DIR (with HANGING_VOID_START_RUNTIME=1, through the server's own start,
 * which registers the SIGTERM handler), starts one void against an authority that never answers,
 * prints `WRITTEN <voidId>` once the write-ahead record exists, then waits for its signal
 * (HANGING_VOID_IDEMPOTENCY_KEY: the void is sent under that Idempotency-Key).
 * Run with `node --conditions=react-server --import tsx`.
 */
import { getDb } from "@/lib/server/platform/db";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { prepareDatabase } from "@/lib/server/runtime/prepare-database";
import { startRuntime } from "@/lib/server/runtime/start-runtime";
import { createVoid } from "@/lib/server/voids/create-void";

import { HANGING_VOID_RANGE } from "./hanging-void-range";

async function main(): Promise<void> {
  if (process.env.HANGING_VOID_START_RUNTIME === "1") await startRuntime();
  else await prepareDatabase(loadConfig());
  const db = await getDb();
  const account = await db.account.findFirstOrThrow({ where: { rnc: process.env.DEMO_RNC } });
  void createVoid({
    accountId: account.id,
    rnc: account.rnc,
    environment: "TesteCF",
    body: { value: { ranges: [HANGING_VOID_RANGE] } },
    createdBy: "hanging-void-child",
    idempotencyKey: process.env.HANGING_VOID_IDEMPOTENCY_KEY || undefined,
  }).catch(() => {});
  for (;;) {
    const record = await db.voidRecord.findFirst({ where: { accountId: account.id }, select: { id: true } });
    if (record) {
      process.stdout.write(`WRITTEN ${record.id}\n`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  setInterval(() => {}, 1_000); // stays up until the parent's signal
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
