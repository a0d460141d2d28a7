import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { scanCertificates } from "./index";

/**
 * The certificate scan: the company's ACTIVE certificate is announced as
 * certificate.expiring at 30, 7 and 1 days before notAfter and once expired, once each across
 * repeated and concurrent runs, for the right company, with no environment.
 */
let database: TestDatabase;
let counter = 0;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 5, 15, 16);

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.truncate();
});
afterAll(async () => {
  await database?.dispose();
});

/**
 * A certificate row of the company's organization expiring at `notAfter`, linked to `companies`
 * (active unless said). The scan reads only its display fields: the sealed .p12 is a stand-in.
 */
async function certificate(
  companies: TestAccount[],
  notAfter: number,
  active = true,
): Promise<{ id: string; serialNumberHex: string; subject: string }> {
  counter += 1;
  const account = await database.prisma.account.findUniqueOrThrow({
    where: { id: companies[0]!.auth.accountId },
  });
  const bytes = new Uint8Array([counter]);
  const row = await database.prisma.certificate.create({
    data: {
      organizationId: account.organizationId,
      p12Ciphertext: bytes,
      p12Iv: bytes,
      p12Tag: bytes,
      passwordCiphertext: bytes,
      passwordIv: bytes,
      passwordTag: bytes,
      subject: `CN=Empresa ${counter}, SERIALNUMBER=${account.rnc}`,
      issuer: "CN=Test CA",
      serialNumberHex: `0a${String(counter).padStart(6, "0")}`,
      notBefore: BigInt(notAfter - 730 * DAY),
      notAfter: BigInt(notAfter),
      fingerprint: `fp-${counter}`,
      createdAt: BigInt(NOW - 400 * DAY),
    },
  });
  for (const company of companies) {
    if (active) {
      await database.prisma.companyCertificate.updateMany({
        where: { accountId: company.auth.accountId },
        data: { active: false },
      });
    }
    await database.prisma.companyCertificate.create({
      data: { accountId: company.auth.accountId, certificateId: row.id, active, linkedAt: BigInt(NOW) },
    });
  }
  return { id: row.id, serialNumberHex: row.serialNumberHex, subject: row.subject };
}

async function eventsOf(company: TestAccount) {
  const rows = await database.prisma.outboxEvent.findMany({
    where: { accountId: company.auth.accountId, type: "certificate.expiring" },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({
    environment: row.environment,
    subjectId: row.subjectId,
    payload: row.payload as Record<string, unknown>,
  }));
}

/** Runs the scan twice at once (two instances), then once more. */
async function scanAt(now: number) {
  await Promise.all([scanCertificates({ now }), scanCertificates({ now })]);
  return scanCertificates({ now });
}

describe("certificate.expiring", () => {
  it("warns at 30, 7 and 1 days and once expired, each once", async () => {
    const company = await createTestAccount();
    const notAfter = NOW + 40 * DAY;
    const cert = await certificate([company], notAfter);
    const at = (daysLeft: number) => notAfter - daysLeft * DAY - HOUR;

    await scanAt(at(31));
    expect(await eventsOf(company)).toEqual([]);
    for (const days of [30, 29, 8, 7, 6, 2, 1, 0]) await scanAt(at(days));
    expect(await eventsOf(company)).toHaveLength(3);
    await scanAt(notAfter + 1);
    await scanAt(notAfter + 10 * DAY);

    const events = await eventsOf(company);
    expect(events.map((event) => event.payload.daysLeft)).toEqual([30, 7, 1, -1]);
    expect(events[0]).toEqual({
      environment: null,
      subjectId: cert.id,
      payload: {
        certificateId: cert.id,
        customerId: company.auth.rnc,
        subject: cert.subject,
        serialNumberHex: cert.serialNumberHex,
        notAfter: new Date(notAfter).toISOString(),
        daysLeft: 30,
      },
    });
  });

  it("announces only the tightest warning when first seen, and an expired active certificate once", async () => {
    const soon = await createTestAccount();
    await certificate([soon], NOW + 5 * DAY + HOUR);
    const expired = await createTestAccount();
    await certificate([expired], NOW - 200 * DAY);
    const result = await scanAt(NOW);
    expect(result).toEqual({ certificates: 2, announced: 0 }); // the concurrent runs announced both
    await scanAt(NOW + DAY);
    expect((await eventsOf(soon)).map((event) => event.payload.daysLeft)).toEqual([5]);
    expect((await eventsOf(expired)).map((event) => event.payload.daysLeft)).toEqual([-200]);
  });

  it("reads only the active certificate: a healthy company and one with an expiring but inactive certificate hear nothing", async () => {
    const healthy = await createTestAccount();
    await certificate([healthy], NOW + 365 * DAY);
    await certificate([healthy], NOW + 3 * DAY, false);
    const none = await createTestAccount();
    expect(await scanAt(NOW)).toEqual({ certificates: 1, announced: 0 });
    expect(await eventsOf(healthy)).toEqual([]);
    expect(await eventsOf(none)).toEqual([]);
    expect(await database.prisma.announcedCondition.count()).toBe(0);
  });

  it("a replacement certificate has warnings of its own; each company sharing a certificate is told with its RNC", async () => {
    const first = await createTestAccount();
    const old = await certificate([first], NOW + 6 * DAY);
    await scanAt(NOW);
    const replacement = await certificate([first], NOW + 20 * DAY);
    await scanAt(NOW);
    expect((await eventsOf(first)).map((event) => [event.subjectId, event.payload.daysLeft])).toEqual([
      [old.id, 6],
      [replacement.id, 20],
    ]);

    // One organization's certificate used by two of its companies (the second company's own link).
    const second = await createTestAccount();
    await database.prisma.account.update({
      where: { id: second.auth.accountId },
      data: {
        organizationId: (
          await database.prisma.account.findUniqueOrThrow({ where: { id: first.auth.accountId } })
        ).organizationId,
      },
    });
    const shared = await certificate([first, second], NOW + 2 * DAY);
    await scanAt(NOW);
    const [a, b] = [(await eventsOf(first)).at(-1)!, (await eventsOf(second)).at(-1)!];
    expect([a.subjectId, a.payload.customerId, a.environment]).toEqual([shared.id, first.auth.rnc, null]);
    expect([b.subjectId, b.payload.customerId, b.environment]).toEqual([shared.id, second.auth.rnc, null]);
    expect(await eventsOf(second)).toHaveLength(1);
  });

  it("announces nothing when the event cannot be written (the job fails), and on the next run once it can", async () => {
    const company = await createTestAccount();
    await certificate([company], NOW + 3 * DAY);
    await database.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION scan_outbox_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox write failed'; END $$`);
    await database.prisma.$executeRawUnsafe(
      `CREATE TRIGGER scan_outbox_fails BEFORE INSERT ON "OutboxEvent" FOR EACH ROW EXECUTE FUNCTION scan_outbox_fails()`,
    );
    try {
      await expect(scanCertificates({ now: NOW })).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
    } finally {
      await database.prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS scan_outbox_fails ON "OutboxEvent"`);
    }
    expect(await database.prisma.announcedCondition.count()).toBe(0);
    expect(await scanAt(NOW)).toEqual({ certificates: 1, announced: 0 });
    expect((await eventsOf(company)).map((event) => event.payload.daysLeft)).toEqual([3]);
  });
});
