import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { actorOf, recordActivity, withoutSecrets } from "./record-activity";

let database: TestDatabase;
let company: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  company = await createTestAccount();
});
afterAll(async () => database?.dispose());

async function entryId(): Promise<string> {
  await recordActivity(database.prisma, {
    accountId: company.auth.accountId,
    organizationId: company.auth.organizationId,
    environment: "TesteCF",
    action: "policy.changed",
    actor: actorOf(company.auth),
    subject: { type: "organization", id: company.auth.organizationId },
    details: { requireSecondFactor: true },
    ip: "203.0.113.7",
  });
  const row = await database.prisma.activityLogEntry.findFirstOrThrow({
    where: { accountId: company.auth.accountId, action: "policy.changed" },
    orderBy: { createdAt: "desc" },
  });
  return row.id;
}

describe("recordActivity", () => {
  it("stores the entry with its actor, company, subject, details and address", async () => {
    const id = await entryId();
    const row = await database.prisma.activityLogEntry.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      accountId: company.auth.accountId,
      organizationId: company.auth.organizationId,
      environment: "TesteCF",
      action: "policy.changed",
      actorType: "user",
      actorId: company.auth.userId,
      actorLabel: company.auth.email,
      subjectType: "organization",
      subjectId: company.auth.organizationId,
      details: { requireSecondFactor: true },
      ip: "203.0.113.7",
    });
    expect(Number(row.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("writes inside the caller's transaction: rolled back with it", async () => {
    const before = await database.prisma.activityLogEntry.count();
    await expect(
      database.prisma.$transaction(async (tx) => {
        await recordActivity(tx, {
          accountId: company.auth.accountId,
          action: "api_key.created",
          actor: actorOf(company.auth),
        });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await database.prisma.activityLogEntry.count()).toBe(before);
  });

  it("drops any detail whose key names a secret, at any depth", () => {
    expect(
      withoutSecrets({
        name: "ERP",
        password: "x",
        secret: "y",
        idToken: "z",
        nested: { p12Password: "w", apiKey: "k", keyPrefix: "abc", otp: "123456", list: [{ token: "t" }] },
        refresh_token: "r",
        key: "anula_x",
        count: 5n,
        footprint: "kept",
        bypassGranted: true,
        tokenCount: 2,
      }),
    ).toEqual({
      name: "ERP",
      nested: { keyPrefix: "abc", list: [{}] },
      count: "5",
      footprint: "kept",
      bypassGranted: true,
    });
  });
});

describe("the database refuses to change the log (append-only trigger)", () => {
  it("refuses UPDATE through Prisma and raw SQL", async () => {
    const id = await entryId();
    await expect(
      database.prisma.activityLogEntry.update({ where: { id }, data: { action: "user.invited" } }),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.prisma.$executeRawUnsafe(`UPDATE "ActivityLogEntry" SET "actorLabel" = 'x' WHERE id = $1`, id),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    const row = await database.prisma.activityLogEntry.findUniqueOrThrow({ where: { id } });
    expect(row.action).toBe("policy.changed");
  });

  it("refuses DELETE, one row or all", async () => {
    const id = await entryId();
    await expect(database.prisma.activityLogEntry.delete({ where: { id } })).rejects.toThrow(/append-only/);
    await expect(database.prisma.activityLogEntry.deleteMany({})).rejects.toThrow(/append-only/);
    await expect(database.prisma.$executeRawUnsafe(`DELETE FROM "ActivityLogEntry"`)).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    expect(await database.prisma.activityLogEntry.count({ where: { id } })).toBe(1);
  });

  it("refuses TRUNCATE", async () => {
    await entryId();
    await expect(database.prisma.$executeRawUnsafe(`TRUNCATE "ActivityLogEntry"`)).rejects.toThrow(
      /append-only: TRUNCATE refused/,
    );
    expect(await database.prisma.activityLogEntry.count()).toBeGreaterThan(0);
  });

  it("keeps refusing after the test helper's truncate() emptied a throw-away database", async () => {
    await database.truncate();
    expect(await database.prisma.activityLogEntry.count()).toBe(0);
    company = await createTestAccount();
    const id = await entryId();
    await expect(database.prisma.activityLogEntry.delete({ where: { id } })).rejects.toThrow(/append-only/);
    await expect(database.prisma.$executeRawUnsafe(`TRUNCATE "ActivityLogEntry"`)).rejects.toThrow(
      /append-only/,
    );
  });
});
