import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { isAppError } from "@/lib/errors";
import { createUser, inviteUser } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { setSession } from "@/lib/server/testing/next-auth-mock";

import { requirePortalAuth } from "./require-portal-auth";

/**
 * Pages send a person with a pending step to Mi cuenta; actions and downloads must refuse them too
 * (a direct call with the session cookie must not act before the step is done).
 */
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let admin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount();
});
afterAll(async () => database?.dispose());

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe("requirePortalAuth and the steps Mi cuenta forces", () => {
  it("refuses an invited person's actions with 403 PASSWORD_CHANGE_REQUIRED until they choose a password", async () => {
    const invited = await inviteUser({
      accountId: admin.auth.accountId,
      email: "nuevo@forced.test",
      roles: ["operator"],
    });
    setSession({ userId: invited.userId, signedInAt: Date.now() });
    expect(await codeOf(requirePortalAuth("action submitVoid"))).toBe("PASSWORD_CHANGE_REQUIRED");
    await database.prisma.user.update({ where: { id: invited.userId }, data: { mustChangePassword: false } });
    expect(await codeOf(requirePortalAuth("action submitVoid"))).toBe("OK");
  });

  it("refuses an administrator without the second factor their organization requires", async () => {
    setSession({ userId: admin.auth.userId, signedInAt: Date.now() });
    expect(await codeOf(requirePortalAuth("action createApiKeyAction"))).toBe("OK");
    await database.prisma.organization.update({
      where: { id: admin.auth.organizationId },
      data: { requireSecondFactor: true },
    });
    expect(await codeOf(requirePortalAuth("action createApiKeyAction"))).toBe("SECOND_FACTOR_SETUP_REQUIRED");
    await database.prisma.user.update({
      where: { id: admin.auth.userId },
      data: { totpEnabledAt: BigInt(Date.now()) },
    });
    expect(await codeOf(requirePortalAuth("action createApiKeyAction"))).toBe("OK");
  });

  it("holds an approver-only member without the second factor; an operator or a viewer goes on", async () => {
    await database.prisma.organization.update({
      where: { id: admin.auth.organizationId },
      data: { requireSecondFactor: true },
    });
    const expected = { approver: "SECOND_FACTOR_SETUP_REQUIRED", operator: "OK", viewer: "OK" } as const;
    for (const [role, code] of Object.entries(expected)) {
      const user = await createUser({
        accountId: admin.auth.accountId,
        email: `${role}@forced.test`,
        password: "una-clave-larga",
        roles: [role as keyof typeof expected],
        organizationAdmin: false,
      });
      setSession({ userId: user.id, signedInAt: Date.now() });
      // documents.read: an action every role may take, so only the second-factor step can refuse it.
      expect([role, await codeOf(requirePortalAuth("action lookupDocumentsBatchAction"))]).toEqual([
        role,
        code,
      ]);
    }
  });
});
