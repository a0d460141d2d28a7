import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isAppError } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { refreshCustomerSession, revokeRefreshTokens, signInCustomer } from "./index";

let database: TestDatabase;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  alice = await createTestAccount({ email: "alice@rt.test" });
  bob = await createTestAccount({ email: "bob@rt.test" });
});
afterAll(async () => database?.dispose());

const signIn = (who: TestAccount) =>
  signInCustomer({ username: who.auth.email, password: who.password, environment: "TesteCF" });

async function refreshCode(refreshToken: string): Promise<string> {
  try {
    await refreshCustomerSession(refreshToken, "TesteCF");
    return "OK";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe("revokeRefreshTokens", () => {
  it("revokes every refresh token of the user, in every environment and family, and no one else's", async () => {
    const sessions = [
      await signIn(alice),
      await signIn(alice),
      await signInCustomer({ username: alice.auth.email, password: alice.password, environment: "eCF" }),
    ];
    const bobs = await signIn(bob);
    expect(await revokeRefreshTokens(alice.auth.userId)).toBe(3);
    for (const session of sessions)
      expect(await refreshCode(session.refreshToken)).toBe("INVALID_REFRESH_TOKEN");
    expect(await refreshCode(bobs.refreshToken)).toBe("OK");
    expect(await revokeRefreshTokens(alice.auth.userId)).toBe(0);
  });
});

/** Production sources under app/ and lib/ (no tests, no test harnesses, no generated client). */
function productionSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory())
      return ["node_modules", "generated", "testing"].includes(entry.name) ? [] : productionSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("a password change revokes the user's refresh tokens", () => {
  /**
   * Code that writes a password hash, and why it need not revoke refresh tokens. A new writer (a
   * password change or reset) fails here: make it call revokeRefreshTokens(userId), then list it.
   */
  const WRITERS: Record<string, string> = {
    "lib/server/accounts/accounts.ts": "createUser: a new user has no refresh tokens yet",
    "lib/server/accounts/demo-account.ts": "the demo user is created on an empty database",
  };

  it("no code but the listed creators writes User.passwordHash", () => {
    const root = process.cwd();
    const writers = ["app", "lib"]
      .flatMap((folder) => productionSources(path.join(root, folder)))
      .filter((file) => /\bpasswordHash\s*[,:}]/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file).split(path.sep).join("/"));
    expect(writers.sort()).toEqual(Object.keys(WRITERS).sort());
  });
});
