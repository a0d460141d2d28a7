import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { es } from "@/lib/i18n/es";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { listApiKeys } from "@/lib/server/auth";
import { createTestDatabase, type TestDatabase } from "@/lib/server/db/test-database";

import { createApiKeyAction } from "./settings-actions";

// The portal's session and request scope, as Next provides them to server actions.
let session: { userId: string; signedInAt: number } | null = null;
vi.mock("next-auth/next", () => ({ getServerSession: async () => session }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined, set: () => {}, delete: () => {} }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let database: TestDatabase;
let admin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount();
  session = { userId: admin.auth.userId, signedInAt: Date.now() };
});
afterAll(async () => database?.dispose());

describe("createApiKeyAction: a key for every environment or for one", () => {
  it("creates a key for all environments by default, or limited to the one chosen", async () => {
    const all = await createApiKeyAction("ERP todas");
    const cert = await createApiKeyAction("ERP certificación", "CerteCF");
    expect(all).toMatchObject({ ok: true, name: "ERP todas" });
    expect(cert).toMatchObject({ ok: true, name: "ERP certificación" });
    const keys = await listApiKeys(admin.auth.accountId);
    expect(keys.find((key) => key.name === "ERP todas")?.environment).toBeNull();
    expect(keys.find((key) => key.name === "ERP certificación")?.environment).toBe("CerteCF");
  });

  it.each(["Produccion", "ecf", "all"])(
    "refuses %j as an environment (never read as all) and creates nothing",
    async (environment) => {
      const before = (await listApiKeys(admin.auth.accountId)).length;
      expect(await createApiKeyAction("ERP", environment)).toEqual({
        ok: false,
        message: es.settings.apiKeys.environmentInvalid,
      });
      expect(await listApiKeys(admin.auth.accountId)).toHaveLength(before);
    },
  );
});
