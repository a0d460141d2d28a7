import v8 from "node:v8";
import vm from "node:vm";

import { Unzip, UnzipInflate } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseAuditPeriod } from "@/lib/domain/audit-period";
import { formatFechaHora } from "@/lib/domain/fecha";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { sampleVoidContent, storeAcceptedVoid } from "@/lib/server/voids/testing/stored-voids";
import { storedRanges } from "@/lib/server/platform/db/stored-ranges";
import { v7 as uuidv7 } from "uuid";

import { openAuditPack } from "./build-audit-pack";

/**
 * The pack of a period with a 100,000-range void and a 2,000,000-number range is streamed: the heap
 * grows far less than the 608 text it writes (~65 MB), which is checked line by line as it is unzipped
 * on the fly, never kept.
 */

// Live memory, not garbage awaiting collection: a full collection before each sample.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

let db: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  db = await createTestDatabase();
  account = await createTestAccount();
  const owner = { accountId: account.auth.accountId, rnc: account.auth.rnc };
  const now = Date.now();
  // 100,000 ranges of 5 numbers (types 31…47): 500,000 lines.
  const many = await storeAcceptedVoid(db.prisma, owner, sampleVoidContent(100_000), uuidv7(), now);
  // One range of 2,000,000 numbers: 2,000,000 lines of one type.
  const wide = sampleVoidContent(1);
  const range = {
    tipoeCF: "31",
    secuenciaDesde: "E310100000001",
    secuenciaHasta: "E310102000000",
    cantidad: 2_000_000,
  };
  const big = await storeAcceptedVoid(
    db.prisma,
    owner,
    { ...wide, storedRanges: storedRanges([range]), totalVoided: 2_000_000, rangeCount: 1 },
    uuidv7(),
    now + 1,
  );
  await db.prisma.voidRecord.updateMany({ where: { id: { in: [many, big] } }, data: { reasonCode: "08" } });
}, 120_000);

afterAll(async () => {
  await db?.dispose();
});

describe("a large period streams in bounded memory", () => {
  it("writes 2,500,000 608 lines in three files while the heap stays small", async () => {
    const today = formatFechaHora(Date.now()).slice(0, 10);
    const iso = `${today.slice(6, 10)}-${today.slice(3, 5)}-${today.slice(0, 2)}`;
    const period = parseAuditPeriod(iso, iso);
    if (!period.ok) throw new Error(period.message);
    const lines = new Map<string, number>();
    const unzip = new Unzip((file) => {
      if (!file.name.startsWith("608/")) return;
      lines.set(file.name, 0);
      file.ondata = (error, chunk) => {
        if (error) throw error;
        let count = 0;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x0a) count++;
        lines.set(file.name, lines.get(file.name)! + count);
      };
      file.start();
    });
    unzip.register(UnzipInflate);

    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let zipBytes = 0;
    let chunks = 0;
    const stream = await openAuditPack(
      { accountId: account.auth.accountId, rnc: account.auth.rnc },
      "TesteCF",
      period.period,
    );
    for await (const chunk of stream) {
      zipBytes += (chunk as Buffer).length;
      unzip.push(new Uint8Array(chunk as Buffer));
      if (++chunks % 25 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    unzip.push(new Uint8Array(), true);

    const month = `${today.slice(6, 10)}${today.slice(3, 5)}`;
    // Header + lines, each ended by CRLF: 1,000,000 + 1,000,000 + 500,000 lines.
    expect(Object.fromEntries(lines)).toEqual({
      [`608/608-${month}-1.txt`]: 1_000_001,
      [`608/608-${month}-2.txt`]: 1_000_001,
      [`608/608-${month}-3.txt`]: 500_001,
    });
    const growthMb = (peak - before) / 1024 / 1024;
    console.log(
      `audit pack: ${(zipBytes / 1024 / 1024).toFixed(1)} MB zipped, ${chunks} chunks, live heap growth ${growthMb.toFixed(1)} MB`,
    );
    // The 608 text alone is ~65 MB; one void's parsed ranges (100,000 objects) are the largest thing held.
    expect(growthMb).toBeLessThan(40);
  }, 300_000);
});
