import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { PENDING_SEND } from "@/lib/domain/dgii-submissions";
import type { Environment } from "@/lib/domain/environments";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { SYSTEM_BY } from "@/lib/server/platform/activity/record-activity";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { resetServiceStatusForTests } from "@/lib/server/platform/taxauth/service-status";

import { declareContingency, deadlinesOf, scanDeadlines, setDeadlineSettings } from "./index";
import { startReceptionStatus, type ReceptionStatus } from "./testing/reception-status";

/**
 * The deadline scan: document.deadline_approaching at the company's share of the window and
 * document.deadline_missed when it passes, once per document each (a second run, a run after a
 * restart, two runs at once), and nothing while DGII's status service lists its reception down.
 */
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 12, 0, 0);
const at = (hours: number) => T0 + hours * HOUR;

let database: TestDatabase;
let status: ReceptionStatus;
let company: TestAccount;
let sequence = 0;

/** An e-CF signed here at `signedAt` that DGII has not received (what a failed send leaves). */
async function pendingDocument(account: TestAccount, signedAt: number, environment: Environment = "TesteCF") {
  sequence += 1;
  return database.prisma.document.create({
    data: {
      accountId: account.auth.accountId,
      environment,
      customerId: account.auth.rnc,
      ncf: `E31${String(sequence).padStart(10, "0")}`,
      status: PENDING_SEND,
      source: "issued",
      createdAt: BigInt(signedAt),
      updateAt: BigInt(signedAt),
      issuedAt: BigInt(signedAt),
    },
  });
}

async function events(documentId: string) {
  const rows = await database.prisma.outboxEvent.findMany({
    where: { subjectId: documentId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => row.type);
}

beforeAll(async () => {
  database = await createTestDatabase();
  status = await startReceptionStatus();
  company = await createTestAccount();
  // Declared an hour before T0 and never ended: everything signed from then on is in contingency.
  await declareContingency(company.auth.accountId, "TesteCF", SYSTEM_BY, at(-1));
});

beforeEach(() => {
  status.simulator.admin.reset();
  resetServiceStatusForTests();
});

afterAll(async () => {
  await status?.close();
  await database?.dispose();
});

describe("the deadline scan", () => {
  it("announces approaching at 75 % of the 72 hours, then missed, each once across runs and restarts", async () => {
    const document = await pendingDocument(company, T0);
    await scanDeadlines({ now: at(10) });
    expect(await events(document.id)).toEqual([]);

    await scanDeadlines({ now: at(54) });
    expect(await events(document.id)).toEqual(["document.deadline_approaching"]);
    // Again, and two instances at once: nothing new.
    await Promise.all([scanDeadlines({ now: at(60) }), scanDeadlines({ now: at(61) })]);
    expect(await events(document.id)).toEqual(["document.deadline_approaching"]);

    await scanDeadlines({ now: at(72) });
    await scanDeadlines({ now: at(100) });
    expect(await events(document.id)).toEqual(["document.deadline_approaching", "document.deadline_missed"]);

    const missed = await database.prisma.outboxEvent.findFirstOrThrow({
      where: { subjectId: document.id, type: "document.deadline_missed" },
    });
    expect(missed.payload).toEqual({
      documentId: document.id,
      ncf: document.ncf,
      customerId: company.auth.rnc,
      environment: "TesteCF",
      signedAt: new Date(T0).toISOString(),
      deadlineAt: new Date(at(72)).toISOString(),
      windowHours: 72,
      basis: "contingency",
    });
  });

  it("a document first seen past its deadline gets the missed event only", async () => {
    const document = await pendingDocument(company, T0);
    await scanDeadlines({ now: at(90) });
    expect(await events(document.id)).toEqual(["document.deadline_missed"]);
  });

  it("nothing while DGII lists its reception down: the document shows DGII no disponible; missed once it is back", async () => {
    const document = await pendingDocument(company, T0);
    status.setTesteCF("No Disponible");
    await scanDeadlines({ now: at(80) });
    expect(await events(document.id)).toEqual([]);
    const shown = await deadlinesOf(company.auth.accountId, "TesteCF", [
      { ncf: document.ncf, source: "issued", status: PENDING_SEND, signedAt: T0 },
    ]);
    expect(shown[document.ncf]).toMatchObject({ state: "dgii_unavailable", inContingency: true });

    status.setTesteCF("Disponible");
    await scanDeadlines({ now: at(80) });
    expect(await events(document.id)).toEqual(["document.deadline_missed"]);
  });

  it("outside a contingency: no deadline, unless the company set a deferred window (its share)", async () => {
    const other = await createTestAccount();
    const document = await pendingDocument(other, T0);
    await scanDeadlines({ now: at(500) });
    expect(await events(document.id)).toEqual([]);

    await setDeadlineSettings(
      other.auth.accountId,
      { deferredWindowHours: 24, approachingPercent: 50 },
      SYSTEM_BY,
    );
    await scanDeadlines({ now: at(12) });
    expect(await events(document.id)).toEqual(["document.deadline_approaching"]);
    await scanDeadlines({ now: at(24) });
    expect(await events(document.id)).toEqual(["document.deadline_approaching", "document.deadline_missed"]);
    const missed = await database.prisma.outboxEvent.findFirstOrThrow({
      where: { subjectId: document.id, type: "document.deadline_missed" },
    });
    expect(missed.payload).toMatchObject({ basis: "deferred", windowHours: 24 });
  });

  it("a document DGII received is never announced", async () => {
    const document = await pendingDocument(company, T0);
    await database.prisma.document.update({ where: { id: document.id }, data: { status: "En Proceso" } });
    await scanDeadlines({ now: at(100) });
    expect(await events(document.id)).toEqual([]);
  });
});
