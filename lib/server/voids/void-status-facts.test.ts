import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { sampleVoidContent, storeAcceptedVoid } from "./testing/stored-voids";
import { findVoidStatusFacts } from "./void-status-facts";

let database: TestDatabase;
let company: TestAccount;
let other: TestAccount;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  company = await createTestAccount();
  other = await createTestAccount();
});

afterAll(async () => {
  await database?.dispose();
});

async function stored(owner: TestAccount, changes: Record<string, unknown> = {}): Promise<string> {
  counter += 1;
  const voidId = `0190f200-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  await storeAcceptedVoid(database.prisma, owner.auth, sampleVoidContent(1), voidId, Date.now());
  await database.prisma.voidRecord.update({ where: { id: voidId }, data: changes });
  return voidId;
}

describe("findVoidStatusFacts: what a void's status words need of its record", () => {
  it("tells a person's settlement from a resend's, the review flag, partial successes and Error reasons", async () => {
    const now = BigInt(Date.now());
    const plain = await stored(company);
    const byHand = await stored(company, {
      settledAt: now,
      settledBy: "ana@empresa.do (portal)",
      settledByUserId: company.auth.userId,
      settlementOutcome: "Aceptado",
      needsReview: true,
    });
    const byResend = await stored(company, {
      settledAt: now,
      settledBy: "ana@empresa.do (portal)",
      settlementOutcome: "Aceptado",
      excepted: '[["E31",[[1,1]]]]',
      totalExcepted: BigInt(1),
    });
    const error = await stored(company, { status: "Error", errorCode: "INTERRUPTED" });
    const facts = await findVoidStatusFacts(
      [plain, byHand, byResend, error].map((voidId) => ({ accountId: company.auth.accountId, voidId })),
    );
    expect(facts.get(plain)).toEqual({
      status: "Aceptado",
      errorCode: null,
      partial: false,
      settledBy: null,
      needsReview: false,
    });
    expect(facts.get(byHand)).toMatchObject({ settledBy: "hand", needsReview: true, partial: false });
    expect(facts.get(byResend)).toMatchObject({ settledBy: "resend", needsReview: false, partial: true });
    expect(facts.get(error)).toMatchObject({ status: "Error", errorCode: "INTERRUPTED", settledBy: null });
  });

  it("reads several companies at once, each void only under its own company", async () => {
    const mine = await stored(company);
    const theirs = await stored(other);
    const facts = await findVoidStatusFacts([
      { accountId: company.auth.accountId, voidId: mine },
      { accountId: other.auth.accountId, voidId: theirs },
      // Another company's voidId asked under this company: absent.
      { accountId: company.auth.accountId, voidId: "0190f200-ffff-7000-8000-000000000000" },
    ]);
    expect([...facts.keys()].sort()).toEqual([mine, theirs].sort());
    const crossed = await findVoidStatusFacts([{ accountId: company.auth.accountId, voidId: theirs }]);
    expect(crossed.size).toBe(0);
    expect((await findVoidStatusFacts([])).size).toBe(0);
  });
});
