import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { inviteUser, setMemberRoles } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { cookieJar, setSession } from "@/lib/server/testing/next-auth-mock";

import { companiesOfUser } from "./credentials";

vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * The company a portal session acts for: a fresh browser (no switcher cookie) opens the company the
 * person last switched to — kept on the user by the switcher — not the alphabetically first; the
 * cookie still wins while it names one of theirs; a company they lost falls back to the first.
 */
let database: TestDatabase;
let person: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  person = await createTestAccount();
  other = await createTestAccount();
  await inviteUser({ accountId: other.auth.accountId, email: person.auth.email, roles: ["operator"] });
  setSession({ userId: person.auth.userId, signedInAt: Date.now() });
}, 60_000);
afterAll(async () => database?.dispose());

describe("the portal's company", () => {
  it("a fresh browser opens the company last switched to; the cookie wins while valid; a lost one falls back", async () => {
    const { getPortalAuth } = await import("./next-auth-options");
    const { setCompanyAction } = await import("@/lib/portal/actions/member-actions");
    const [first, second] = await companiesOfUser(person.auth.userId);
    expect(second).toBeDefined();
    cookieJar.clear();
    expect((await getPortalAuth())?.accountId).toBe(first!.accountId);

    expect(await setCompanyAction(second!.accountId)).toEqual({ ok: true });
    const row = await database.prisma.user.findUniqueOrThrow({ where: { id: person.auth.userId } });
    expect(row.lastAccountId).toBe(second!.accountId);
    // A fresh browser: no cookie, the last company used.
    expect((await getPortalAuth())?.accountId).toBe(second!.accountId);
    // The switcher's cookie of this browser still decides while it names one of theirs.
    cookieJar.set("anula_company", first!.accountId);
    expect((await getPortalAuth())?.accountId).toBe(first!.accountId);
    cookieJar.set("anula_company", "not-a-company-of-theirs");
    expect((await getPortalAuth())?.accountId).toBe(second!.accountId);

    // A company not theirs is never remembered.
    const stranger = await createTestAccount();
    expect(await setCompanyAction(stranger.auth.accountId)).toEqual({ ok: false });
    expect(
      (await database.prisma.user.findUniqueOrThrow({ where: { id: person.auth.userId } })).lastAccountId,
    ).toBe(second!.accountId);

    // Their role in the last company removed: back to the first.
    await setMemberRoles(second!.accountId, person.auth.userId, []);
    cookieJar.clear();
    expect((await getPortalAuth())?.accountId).toBe(first!.accountId);
  });
});
