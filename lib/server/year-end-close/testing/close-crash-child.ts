/**
 * Child process for the year-end close's restart test (year-end-close-crash.test.ts): opens the
 * database its environment names (PostgreSQL through DATABASE_URL, else PGlite in DATA_DIR), builds the two-company organization (RNCs CLOSE_RNCS), creates the
 * campaign, confirms, approves and starts it, runs the worker against an authority that hangs, prints
 * `WRITTEN <voidId>` once the first void is written ahead, then waits for its SIGKILL.
 * Run with `node --conditions=react-server --import tsx`.
 */
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb } from "@/lib/server/platform/db";
import { prepareDatabase } from "@/lib/server/runtime/prepare-database";

import {
  advanceYearEndCloses,
  confirmStoppedIssuing,
  createYearEndClose,
  decideCompany,
  startYearEndClose,
} from "..";
import { createCloseOrganization } from "./close-fixture";

async function main(): Promise<void> {
  await prepareDatabase(loadConfig());
  const year = Number(process.env.CLOSE_YEAR);
  const [first, second] = process.env.CLOSE_RNCS!.split(",") as [string, string];
  const org = await createCloseOrganization(null, { year, rncs: [first, second] });
  const admin = org.admin.auth;
  const close = await createYearEndClose(admin, "TesteCF", { year });
  await confirmStoppedIssuing(admin, "TesteCF", close.id, admin.accountId);
  await decideCompany(admin, "TesteCF", close.id, admin.accountId, { decision: "approve" });
  await decideCompany(org.approver, "TesteCF", close.id, org.second.accountId, { decision: "approve" });
  await startYearEndClose(admin, "TesteCF", close.id);
  void advanceYearEndCloses().catch(() => {});
  const db = await getDb();
  for (;;) {
    const record = await db.voidRecord.findFirst({
      where: { idempotencyKey: { startsWith: "year-end-close:" } },
      select: { id: true },
    });
    if (record) {
      process.stdout.write(`WRITTEN ${record.id} ${close.id}\n`);
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
