import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isAppError } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setUserDisabled } from "@/lib/server/accounts";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import {
  createApiKey,
  issueIdToken,
  listApiKeys,
  requireApiKey,
  requireBearer,
  requirePermission,
  revokeApiKey,
  signIdToken,
} from "./index";
import { hashPassword, setPasswordHashingForTests, verifyPassword } from "./password";

let database: TestDatabase;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  alice = await createTestAccount({ rnc: "101000001", email: "Alice@Example.com", apiKey: true });
  bob = await createTestAccount({
    rnc: "101000002",
    email: "bob@example.com",
    apiKey: true,
    roles: ["viewer"],
  });
});
afterAll(async () => database?.dispose());

/** The AppError a promise rejects with (fails the test if it resolves or throws something else). */
async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; status: number; message: string }> {
  const error = await promise.then(
    () => expect.unreachable("expected a rejection"),
    (reason: unknown) => reason,
  );
  if (!isAppError(error)) throw error;
  return { code: error.code, status: error.status, message: error.message };
}

const withAuthorization = (value?: string, apiKey?: string) =>
  new Request("http://localhost/TesteCF/documentos-ecf", {
    headers: { ...(value ? { authorization: value } : {}), ...(apiKey ? { "x-api-key": apiKey } : {}) },
  });

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}

describe("issueIdToken", () => {
  it("returns a 1-hour Bearer JWT carrying the company's RNC, the company and the user (never roles)", async () => {
    const token = await issueIdToken({ username: "alice@example.com", password: alice.password });
    expect(token.tokenType).toBe("Bearer");
    expect(token.expiresIn).toBe(3600);
    const payload = decodePayload(token.idToken);
    expect(payload).toMatchObject({
      rnc: "101000001",
      accountId: alice.auth.accountId,
      sub: alice.auth.userId,
      kind: "user",
    });
    expect(payload).not.toHaveProperty("roles");
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
    expect(JSON.stringify(payload)).not.toContain(alice.password);
  });

  it("accepts the username in any case and with spaces around it", async () => {
    await expect(
      issueIdToken({ username: "  ALICE@example.COM ", password: alice.password }),
    ).resolves.toHaveProperty("idToken");
  });

  it.each([
    ["a wrong password", "alice@example.com", "wrong-password"],
    ["an unknown user", "nobody@example.com", "whatever-password"],
    ["an empty username", "", "x"],
  ])("answers 401 INVALID_CREDENTIALS for %s", async (_case, username, password) => {
    expect(await rejection(issueIdToken({ username: username, password: password }))).toMatchObject({
      code: "INVALID_CREDENTIALS",
      status: 401,
    });
  });

  it("answers 401 INVALID_CREDENTIALS for a disabled user, even with the right password", async () => {
    const carol = await createTestAccount({ rnc: "101000003", email: "carol@example.com" });
    await setUserDisabled(carol.auth.userId, true);
    expect(
      (await rejection(issueIdToken({ username: "carol@example.com", password: carol.password }))).code,
    ).toBe("INVALID_CREDENTIALS");
  });
});

describe("requireBearer", () => {
  it("resolves a valid token to the caller, re-read from the database", async () => {
    const { idToken } = await issueIdToken({ username: "alice@example.com", password: alice.password });
    await expect(
      requireBearer(withAuthorization(`Bearer ${idToken}`), "GET /[environment]/documentos-ecf"),
    ).resolves.toEqual(alice.auth);
    await expect(
      requireBearer(withAuthorization(`bearer ${idToken}`), "GET /[environment]/documentos-ecf"),
    ).resolves.toEqual(alice.auth);
  });

  const invalidHeaders: Array<[string, () => Promise<string | undefined>]> = [
    ["absent", async () => undefined],
    ["not Bearer", async () => `Basic ${Buffer.from("a:b").toString("base64")}`],
    ["Bearer without a token", async () => "Bearer "],
    ["not a JWT", async () => "Bearer not-a-jwt"],
    ["expired", async () => `Bearer ${await signIdToken(alice.auth, -10)}`],
    [
      "signed with another secret",
      async () =>
        `Bearer ${await new SignJWT({ rnc: alice.auth.rnc, accountId: alice.auth.accountId })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(alice.auth.userId)
          .setIssuer("anula")
          .setAudience("anula-api")
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"))}`,
    ],
    [
      "unsigned (alg none)",
      async () => {
        const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
        const body = Buffer.from(
          JSON.stringify({
            sub: alice.auth.userId,
            accountId: alice.auth.accountId,
            iss: "anula",
            aud: "anula-api",
          }),
        ).toString("base64url");
        return `Bearer ${header}.${body}.`;
      },
    ],
    [
      "tampered (RNC of another account)",
      async () => {
        const [header, , signature] = (await signIdToken(alice.auth)).split(".");
        const forged = {
          ...decodePayload(await signIdToken(alice.auth)),
          accountId: bob.auth.accountId,
          rnc: bob.auth.rnc,
        };
        return `Bearer ${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
      },
    ],
  ];

  it.each(invalidHeaders)("answers 401 UNAUTHORIZED when the token is %s", async (_case, header) => {
    expect(
      await rejection(requireBearer(withAuthorization(await header()), "GET /[environment]/documentos-ecf")),
    ).toMatchObject({
      code: "UNAUTHORIZED",
      status: 401,
    });
  });

  it("answers 401 UNAUTHORIZED for a token issued before its user was disabled", async () => {
    const dave = await createTestAccount({ rnc: "101000004" });
    await expect(
      requireBearer(withAuthorization(`Bearer ${dave.idToken}`), "GET /[environment]/documentos-ecf"),
    ).resolves.toBeTruthy();
    await setUserDisabled(dave.auth.userId, true);
    expect(
      (
        await rejection(
          requireBearer(withAuthorization(`Bearer ${dave.idToken}`), "GET /[environment]/documentos-ecf"),
        )
      ).code,
    ).toBe("UNAUTHORIZED");
  });

  it("answers 401 for a token signed with the real secret whose RNC is not its account's", async () => {
    const otherRnc = await signIdToken({ ...alice.auth, rnc: bob.auth.rnc });
    expect(
      await rejection(
        requireBearer(withAuthorization(`Bearer ${otherRnc}`), "GET /[environment]/documentos-ecf"),
      ),
    ).toMatchObject({
      code: "UNAUTHORIZED",
      status: 401,
    });
  });

  it("takes the roles from the database, not from the token", async () => {
    const forgedRoles = await signIdToken({ ...bob.auth, roles: ["administrator", "operator"] });
    const auth = await requireBearer(
      withAuthorization(`Bearer ${forgedRoles}`),
      "GET /[environment]/documentos-ecf",
    );
    expect(auth.roles).toEqual(["viewer"]);
    expect(() => requirePermission(auth, "voids.send")).toThrow(
      expect.objectContaining({ code: "FORBIDDEN", status: 403 }),
    );
    expect(() => requirePermission(alice.auth, "users.manage")).not.toThrow();
  });
});

describe("stored passwords", () => {
  it("are scrypt hashes (N=2^15, r=8, p=1, random salt), never the password", async () => {
    // The unit suite hashes at a cheap cost (its setup file); the cost a deployment uses is this one.
    setPasswordHashingForTests("production");
    try {
      const hash = await hashPassword(alice.password);
      expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(await verifyPassword(alice.password, hash)).toBe(true);
      expect(await verifyPassword(`${alice.password}x`, hash)).toBe(false);
    } finally {
      setPasswordHashingForTests("cheap");
    }
    const users = await database.prisma.user.findMany({ select: { passwordHash: true } });
    expect(users.length).toBeGreaterThan(1);
    for (const { passwordHash } of users) {
      expect(passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(passwordHash).not.toContain(alice.password);
    }
    expect(new Set(users.map((user) => user.passwordHash)).size).toBe(users.length); // salted
  });
});

describe("requireApiKey", () => {
  it("accepts the account's own key and records when it was used", async () => {
    await requireApiKey(withAuthorization(undefined, alice.apiKey), alice.auth, "TesteCF");
    const [key] = await listApiKeys(alice.auth.accountId);
    expect(key?.lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stores only a hash and a visible prefix of the key", async () => {
    const created = await createApiKey(alice.auth.accountId, "ERP");
    expect(created.key).toMatch(/^anula_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`anula_${created.prefix}_`)).toBe(true);
    const row = await database.prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))).not.toContain(
      created.key.slice(`anula_${created.prefix}_`.length),
    );
  });

  it.each([
    ["missing", undefined],
    ["unknown", "anula_0000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["garbage", "x"],
  ])(
    "answers 403 INVALID_API_KEY (never 401: that is for the token) when the key is %s",
    async (_case, key) => {
      expect(
        await rejection(requireApiKey(withAuthorization(undefined, key), alice.auth, "TesteCF")),
      ).toMatchObject({
        code: "INVALID_API_KEY",
        status: 403,
      });
    },
  );

  it("answers 403 INVALID_API_KEY for a revoked key", async () => {
    const created = await createApiKey(alice.auth.accountId, "to revoke");
    await requireApiKey(withAuthorization(undefined, created.key), alice.auth, "TesteCF");
    await revokeApiKey(alice.auth.accountId, created.id);
    expect(
      await rejection(requireApiKey(withAuthorization(undefined, created.key), alice.auth, "TesteCF")),
    ).toMatchObject({ code: "INVALID_API_KEY", status: 403 });
  });

  it("answers 403 FORBIDDEN for a valid key of another account than the token's", async () => {
    expect(
      await rejection(requireApiKey(withAuthorization(undefined, bob.apiKey), alice.auth, "TesteCF")),
    ).toMatchObject({
      code: "FORBIDDEN",
      status: 403,
    });
  });
});

describe("API keys per environment", () => {
  it("a key is valid in every environment unless limited to one at creation, and lists say which", async () => {
    const all = await createApiKey(alice.auth.accountId, "todas");
    const certOnly = await createApiKey(alice.auth.accountId, "solo CerteCF", { environment: "CerteCF" });
    const listed = await listApiKeys(alice.auth.accountId);
    expect(listed.find((key) => key.id === all.id)?.environment).toBeNull();
    expect(listed.find((key) => key.id === certOnly.id)?.environment).toBe("CerteCF");
    for (const environment of ["TesteCF", "CerteCF", "eCF"] as const) {
      await requireApiKey(withAuthorization(undefined, all.key), alice.auth, environment);
    }
    await requireApiKey(withAuthorization(undefined, certOnly.key), alice.auth, "CerteCF");
  });

  it("answers 403 API_KEY_WRONG_ENVIRONMENT outside the key's environment, and does not count it as a use", async () => {
    const created = await createApiKey(alice.auth.accountId, "solo eCF", { environment: "eCF" });
    for (const environment of ["TesteCF", "CerteCF"] as const) {
      const refused = await rejection(
        requireApiKey(withAuthorization(undefined, created.key), alice.auth, environment),
      );
      expect(refused).toMatchObject({ code: "API_KEY_WRONG_ENVIRONMENT", status: 403 });
      expect(refused.message).toContain("eCF");
      expect(refused.message).toContain(environment);
    }
    const row = await database.prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.lastUsedAt).toBeNull();
  });

  it("another account's key stays FORBIDDEN whatever its environment (nothing told about it)", async () => {
    const bobsTesteKey = await createApiKey(bob.auth.accountId, "B TesteCF", { environment: "TesteCF" });
    expect(
      await rejection(requireApiKey(withAuthorization(undefined, bobsTesteKey.key), alice.auth, "eCF")),
    ).toMatchObject({ code: "FORBIDDEN", status: 403 });
  });

  it("a revoked key limited to an environment is INVALID_API_KEY everywhere", async () => {
    const created = await createApiKey(alice.auth.accountId, "revocada", { environment: "TesteCF" });
    await revokeApiKey(alice.auth.accountId, created.id);
    for (const environment of ["TesteCF", "eCF"] as const) {
      expect(
        (await rejection(requireApiKey(withAuthorization(undefined, created.key), alice.auth, environment)))
          .code,
      ).toBe("INVALID_API_KEY");
    }
  });
});

describe("tenant isolation", () => {
  it("never lists, revokes or uses another account's keys", async () => {
    const bobKeys = await listApiKeys(bob.auth.accountId);
    const aliceKeys = await listApiKeys(alice.auth.accountId);
    expect(aliceKeys.map((key) => key.id)).not.toContain(bobKeys[0]!.id);
    expect((await rejection(revokeApiKey(alice.auth.accountId, bobKeys[0]!.id))).code).toBe("NOT_FOUND");
    await expect(
      requireApiKey(withAuthorization(undefined, bob.apiKey), bob.auth, "TesteCF"),
    ).resolves.toBeUndefined();
  });

  it("a token always resolves to its own account and RNC", async () => {
    const auth = await requireBearer(
      withAuthorization(`Bearer ${bob.idToken}`),
      "GET /[environment]/documentos-ecf",
    );
    expect(auth).toMatchObject({ accountId: bob.auth.accountId, rnc: "101000002" });
  });
});
