import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as companyExport from "@/app/(portal)/settings/activity/export/route";
import * as organizationExport from "@/app/(portal)/organization/activity/export/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { isAppError } from "@/lib/errors";
import { setSession } from "@/lib/server/testing/next-auth-mock";

import { listActivity } from "./list-activity";
import { recordActivity } from "./record-activity";

vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * Reading the log: a company sees only its own entries, an organization only its organization-level
 * ones; newest first in pages that a cursor continues; filters by period, action and who; the CSV
 * export for administrators only, its cells neutralised.
 */
let database: TestDatabase;
let a: TestAccount;
let b: TestAccount;
/** An operator (not an administrator, not an organization administrator) of another company. */
let operator: TestAccount;
const params = () => ({ params: Promise.resolve({}) });

beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestAccount();
  b = await createTestAccount();
  operator = await createTestAccount({ roles: ["operator"] });
  // A's log: 7 entries of its administrator a minute apart, and one by a hostile service-account name.
  const base = Date.now() - 60 * 60_000;
  for (let index = 0; index < 7; index++) {
    await database.prisma.activityLogEntry.create({
      data: {
        accountId: a.auth.accountId,
        action: index % 2 === 0 ? "api_key.created" : "api_key.revoked",
        actorType: "user",
        actorId: a.auth.userId,
        actorLabel: a.auth.email,
        details: { name: `key ${index}` },
        createdAt: BigInt(base + index * 60_000),
      },
    });
  }
  await recordActivity(database.prisma, {
    accountId: a.auth.accountId,
    action: "auth.sign_in_failed",
    actor: { type: "service-account", id: "sa", label: '=HYPERLINK("http://x")' },
    details: { reason: "wrong_secret" },
  });
  await recordActivity(database.prisma, {
    accountId: b.auth.accountId,
    action: "api_key.created",
    actor: { type: "user", id: b.auth.userId, label: b.auth.email },
  });
  await recordActivity(database.prisma, {
    accountId: null,
    organizationId: a.auth.organizationId,
    action: "policy.changed",
    actor: { type: "user", id: a.auth.userId, label: a.auth.email },
    details: { policy: "requireSecondFactor", before: false, after: true },
  });
});
afterAll(async () => database?.dispose());

describe("listActivity", () => {
  it("lists a company's entries newest first, in pages a cursor continues, nothing of another company", async () => {
    const first = await listActivity({ accountId: a.auth.accountId }, {}, { limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.action).toBe("auth.sign_in_failed");
    const seen = [...first.items];
    let token = first.nextToken;
    while (token) {
      const page = await listActivity({ accountId: a.auth.accountId }, {}, { cursor: token, limit: 3 });
      seen.push(...page.items);
      token = page.nextToken;
    }
    expect(seen).toHaveLength(8);
    const times = seen.map((entry) => entry.createdAt);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(seen.every((entry) => entry.actorId !== b.auth.userId)).toBe(true);
    const ofB = await listActivity({ accountId: b.auth.accountId });
    expect(ofB.items.map((entry) => entry.action)).toEqual(["api_key.created"]);
  });

  it("an organization's log holds only its organization-level entries", async () => {
    const page = await listActivity({ organizationId: a.auth.organizationId });
    expect(page.items.map((entry) => entry.action)).toEqual(["policy.changed"]);
    expect((await listActivity({ organizationId: b.auth.organizationId })).items).toEqual([]);
  });

  it("filters by action, by who (any case, part of the label) and by period", async () => {
    const scope = { accountId: a.auth.accountId };
    expect((await listActivity(scope, { action: "api_key.revoked" })).items).toHaveLength(3);
    expect((await listActivity(scope, { actor: a.auth.email.toUpperCase().slice(0, 8) })).items).toHaveLength(
      7,
    );
    const all = (await listActivity(scope)).items;
    const oldest = all.at(-1)!.createdAt;
    const window = await listActivity(scope, { fromMs: oldest, toMs: oldest + 60_000 });
    expect(window.items.map((entry) => entry.details.name)).toEqual(["key 1", "key 0"]);
  });

  it("refuses a cursor it did not write (400 INVALID_NEXT_TOKEN)", async () => {
    const error = await listActivity({ accountId: a.auth.accountId }, {}, { cursor: "bm9wZQ" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(error) && error.code).toBe("INVALID_NEXT_TOKEN");
  });
});

describe("the CSV exports", () => {
  async function download(module: typeof companyExport, url: string, who: TestAccount) {
    setSession({ userId: who.auth.userId, signedInAt: Date.now() });
    const response = await module.GET(new Request(url), params());
    return { status: response.status, text: await response.text() };
  }

  it("the company's administrator downloads its log with the filters; a formula is neutralised", async () => {
    const all = await download(companyExport, "http://localhost/settings/activity/export", a);
    expect(all.status).toBe(200);
    const rows = Papa.parse<string[]>(all.text.replace(/^\uFEFF/, "")).data.filter((row) => row.length > 1);
    expect(rows[0]).toEqual([
      "Fecha",
      "Acción",
      "Código",
      "Quién",
      "Tipo",
      "Id de quién",
      "Sobre",
      "Id",
      "Ambiente",
      "Dirección IP",
      "Detalles",
    ]);
    expect(rows).toHaveLength(9);
    expect(rows[1]![2]).toBe("auth.sign_in_failed");
    expect(rows[1]![3]).toBe('\'=HYPERLINK("http://x")');
    expect(all.text).not.toContain(b.auth.email);
    const revoked = await download(
      companyExport,
      "http://localhost/settings/activity/export?action=api_key.revoked",
      a,
    );
    expect(revoked.text.match(/api_key\.revoked/g)).toHaveLength(3);
    expect(revoked.text).not.toContain("api_key.created");
  });

  it("refuses people who are not administrators of the company (403), and a bad day (400)", async () => {
    expect(
      (await download(companyExport, "http://localhost/settings/activity/export", operator)).status,
    ).toBe(403);
    expect(
      (await download(companyExport, "http://localhost/settings/activity/export?from=2026-02-30", a)).status,
    ).toBe(400);
  });

  it("the organization's export: its administrators only, organization-level entries only", async () => {
    const answer = await download(organizationExport, "http://localhost/organization/activity/export", a);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("policy.changed");
    expect(answer.text).not.toContain("api_key.created");
    expect(
      (await download(organizationExport, "http://localhost/organization/activity/export", operator)).status,
    ).toBe(403);
  });
});
