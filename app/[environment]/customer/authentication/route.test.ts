import { createHash } from "node:crypto";
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import * as authTokenRoute from "@/app/auth/token/route";
import * as voidRoute from "@/app/[environment]/customer/void-ncf/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createCompany, createUser, setUserDisabled } from "@/lib/server/accounts";
import { setRequireSecondFactor } from "@/lib/server/accounts/organization-admin";
import { requireBearer, signIdToken } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { resetLoginThrottle } from "@/lib/server/auth/login-throttle";
import { beginTotpEnrollment } from "@/lib/server/auth/second-factor";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { PEER_ADDRESS_HEADER } from "@/lib/server/platform/http/client-address";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";

import * as refreshRoute from "./refresh/route";
import * as signInRoute from "./route";

/**
 * MSeller ECF's sign-in and Anula's refresh flow over real HTTP, beside POST /auth/token and the
 * void list (a Bearer endpoint under each environment).
 */

let database: TestDatabase;
let server: RouteServer;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startRouteServer([
    { pattern: "/auth/token", module: authTokenRoute },
    { pattern: "/[environment]/customer/authentication", module: signInRoute },
    { pattern: "/[environment]/customer/authentication/refresh", module: refreshRoute },
    { pattern: "/[environment]/customer/void-ncf", module: voidRoute },
  ]);
  account = await createTestAccount({ rnc: "104000001", email: "erp@empresa.do", roles: ["operator"] });
});
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});
afterEach(async () => {
  await resetLoginThrottle();
  setEnvForTests({ REFRESH_TOKEN_TTL_DAYS: undefined });
});

interface Session {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: string;
}

async function post(
  path: string,
  body: unknown,
  options: { peer?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(server.url + path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [PEER_ADDRESS_HEADER]: options.peer ?? "192.0.2.10",
      ...options.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const signIn = (environment: string, email: string, password: string, peer?: string) =>
  post(`/${environment}/customer/authentication`, { email, password }, { peer });
const refresh = (environment: string, refreshToken: string) =>
  post(`/${environment}/customer/authentication/refresh`, { refreshToken });

async function session(environment = "TesteCF", who: TestAccount = account): Promise<Session> {
  const answer = await signIn(environment, who.auth.email, who.password);
  expect(answer.status).toBe(200);
  return answer.body as unknown as Session;
}

async function listVoids(
  environment: string,
  token: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/${environment}/customer/void-ncf?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}

describe("POST /{environment}/customer/authentication", () => {
  it("answers MSeller's shape: accessToken (= idToken), idToken, refreshToken, expiresIn, tokenType", async () => {
    const answer = await signIn("TesteCF", "ERP@empresa.do ", account.password);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-request-id")).toBeTruthy();
    const body = answer.body as unknown as Session;
    expect(body).toEqual({
      accessToken: body.idToken,
      idToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^anula_rt_[A-Za-z0-9_-]{43}$/),
      expiresIn: 3600,
      tokenType: "Bearer",
    });
    expect(claimsOf(body.idToken)).toMatchObject({
      environment: "TesteCF",
      rnc: "104000001",
      sub: account.auth.userId,
    });
    const claims = claimsOf(body.idToken);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it("its idToken works under its own environment and is 401 UNAUTHORIZED under the other two", async () => {
    const { idToken } = await session("eCF");
    expect((await listVoids("eCF", idToken)).status).toBe(200);
    for (const other of ["TesteCF", "CerteCF"]) {
      const refused = await listVoids(other, idToken);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: expect.stringContaining("eCF"), code: "UNAUTHORIZED" });
      expect(refused.body.message).toContain(`/${other}/customer/authentication`);
    }
    const testToken = (await session("TesteCF")).idToken;
    expect((await listVoids("TesteCF", testToken)).status).toBe(200);
    expect((await listVoids("eCF", testToken)).status).toBe(401);
  });

  it("requireBearer refuses a bound idToken where the path names no environment (fails closed)", async () => {
    const { idToken } = await session("TesteCF");
    const request = (url: string) => new Request(url, { headers: { authorization: `Bearer ${idToken}` } });
    await expect(
      requireBearer(request("http://localhost/x"), "GET /[environment]/documentos-ecf"),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(
      requireBearer(request("http://localhost/TesteCF/documentos-ecf"), "GET /[environment]/documentos-ecf"),
    ).resolves.toMatchObject({ userId: account.auth.userId });
  });

  it("idTokens of POST /auth/token still work under every environment", async () => {
    const answer = await post("/auth/token", { username: account.auth.email, password: account.password });
    expect(answer.status).toBe(200);
    const idToken = answer.body.idToken as string;
    expect(claimsOf(idToken)).not.toHaveProperty("environment");
    for (const environment of ["TesteCF", "CerteCF", "eCF"]) {
      expect((await listVoids(environment, idToken)).status).toBe(200);
    }
  });

  it("answers 401 JSON { message, code: INVALID_CREDENTIALS } for a wrong password or an unknown user", async () => {
    const issuedBefore = await database.prisma.refreshToken.count();
    for (const [email, password] of [
      [account.auth.email, "wrong-password"],
      ["nadie@empresa.do", account.password],
    ] as const) {
      const answer = await signIn("TesteCF", email, password);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toContain("application/json");
      expect(answer.body).toEqual({ message: expect.any(String), code: "INVALID_CREDENTIALS" });
    }
    expect(await database.prisma.refreshToken.count()).toBe(issuedBefore); // nothing issued
  });

  it("answers a disabled user 401 INVALID_CREDENTIALS and issues nothing", async () => {
    const disabled = await createTestAccount({ email: "baja@empresa.do" });
    await setUserDisabled(disabled.auth.userId, true);
    const answer = await signIn("TesteCF", disabled.auth.email, disabled.password);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("INVALID_CREDENTIALS");
    expect(await database.prisma.refreshToken.count({ where: { userId: disabled.auth.userId } })).toBe(0);
  });

  it("shares the sign-in throttle with POST /auth/token, both ways", async () => {
    const guessed = await createTestAccount({ email: "adivinado@empresa.do" });
    const peer = "203.0.113.20";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await post("/auth/token", { username: guessed.auth.email, password: `x${attempt}` }, { peer }))
          .status,
      ).toBe(401);
      expect((await signIn("TesteCF", guessed.auth.email, `y${attempt}`, peer)).status).toBe(401);
    }
    const throttled = await signIn("TesteCF", guessed.auth.email, guessed.password, peer);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ code: "RATE_LIMITED", retryAfter: expect.any(Number) });
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await post("/auth/token", { username: guessed.auth.email, password: guessed.password }, { peer }))
        .status,
    ).toBe(429);
    // From another address the user still signs in.
    expect((await signIn("TesteCF", guessed.auth.email, guessed.password, "198.51.100.20")).status).toBe(200);
  });

  it.each([
    [
      "an unknown environment",
      "/Produccion/customer/authentication",
      JSON.stringify({ email: "a", password: "b" }),
      {},
      404,
      "ENVIRONMENT_NOT_FOUND",
    ],
    [
      "a form body",
      "/TesteCF/customer/authentication",
      "email=a&password=b",
      { "content-type": "application/x-www-form-urlencoded" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["no body", "/TesteCF/customer/authentication", "", {}, 400, "EMPTY_BODY"],
    ["broken JSON", "/TesteCF/customer/authentication", "{email:", {}, 400, "INVALID_JSON"],
  ])("answers %s with JSON %i", async (_case, path, body, headers, status, code) => {
    const answer = await post(path, body, { headers });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code });
  });

  it("answers 400 VALIDATION_FAILED naming every missing field", async () => {
    const answer = await post("/TesteCF/customer/authentication", { username: account.auth.email });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION_FAILED");
    expect((answer.body.errors as { field: string }[]).map((error) => error.field).sort()).toEqual([
      "email",
      "password",
    ]);
  });
});

describe("POST /{environment}/customer/authentication/refresh", () => {
  it("stores refresh tokens only as their sha256: no column of the table holds a token", async () => {
    const issued = [await session("TesteCF"), await session("CerteCF")];
    const renewed = (await refresh("TesteCF", issued[0]!.refreshToken)).body as unknown as Session;
    const tokens = [...issued.map((one) => one.refreshToken), renewed.refreshToken];
    const rows = await database.prisma.$queryRaw<Record<string, unknown>[]>`SELECT * FROM "RefreshToken"`;
    const table = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === "bigint" ? String(value) : value,
    );
    for (const token of tokens) {
      expect(table).not.toContain(token);
      expect(table).not.toContain(token.slice("anula_rt_".length));
      expect(table).toContain(createHash("sha256").update(token).digest("hex"));
    }
  });

  it("exchanges a refresh token for a new set bound to the same environment; the new idToken works", async () => {
    const first = await session("CerteCF");
    const answer = await refresh("CerteCF", first.refreshToken);
    expect(answer.status).toBe(200);
    const next = answer.body as unknown as Session;
    expect(next).toEqual({
      accessToken: next.idToken,
      idToken: expect.any(String),
      refreshToken: expect.stringMatching(/^anula_rt_[A-Za-z0-9_-]{43}$/),
      expiresIn: 3600,
      tokenType: "Bearer",
    });
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(claimsOf(next.idToken)).toMatchObject({ environment: "CerteCF", sub: account.auth.userId });
    expect((await listVoids("CerteCF", next.idToken)).status).toBe(200);
    expect((await listVoids("TesteCF", next.idToken)).status).toBe(401);
    // Same family, the first one retired.
    const hash = (token: string) => createHash("sha256").update(token).digest("hex");
    const [old, young] = await Promise.all(
      [first, next].map((one) =>
        database.prisma.refreshToken.findUnique({ where: { tokenHash: hash(one.refreshToken) } }),
      ),
    );
    expect(old!.usedAt).not.toBeNull();
    expect(young).toMatchObject({
      familyId: old!.familyId,
      usedAt: null,
      revokedAt: null,
      environment: "CerteCF",
    });
  });

  it("rotates: a used refresh token presented again is 401 and revokes its whole family, the newest token included", async () => {
    const first = await session("TesteCF");
    const bystander = await session("TesteCF"); // another sign-in of the same user: another family
    const second = (await refresh("TesteCF", first.refreshToken)).body as unknown as Session;
    const third = (await refresh("TesteCF", second.refreshToken)).body as unknown as Session;

    const replay = await refresh("TesteCF", first.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({
      message: expect.stringContaining("ya fue usado"),
      code: "INVALID_REFRESH_TOKEN",
    });
    const newest = await refresh("TesteCF", third.refreshToken);
    expect(newest.status).toBe(401);
    expect(newest.body.code).toBe("INVALID_REFRESH_TOKEN");
    expect((await refresh("TesteCF", second.refreshToken)).status).toBe(401);
    // The other family is untouched.
    expect((await refresh("TesteCF", bystander.refreshToken)).status).toBe(200);
  });

  it("two exchanges of one token at once: exactly one succeeds, and the family is revoked", async () => {
    const { refreshToken } = await session("TesteCF");
    const answers = await Promise.all([refresh("TesteCF", refreshToken), refresh("TesteCF", refreshToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!.body as unknown as Session;
    expect((await refresh("TesteCF", winner.refreshToken)).status).toBe(401);
  });

  it("an expired refresh token is 401; the lifetime is REFRESH_TOKEN_TTL_DAYS from issue", async () => {
    setEnvForTests({ REFRESH_TOKEN_TTL_DAYS: "7" });
    const { refreshToken } = await session("TesteCF");
    const tokenHash = createHash("sha256").update(refreshToken).digest("hex");
    const row = await database.prisma.refreshToken.findUniqueOrThrow({ where: { tokenHash } });
    expect(row.expiresAt - row.createdAt).toBe(7n * 86_400_000n);

    await database.prisma.refreshToken.update({
      where: { tokenHash },
      data: { expiresAt: BigInt(Date.now() - 1) },
    });
    const answer = await refresh("TesteCF", refreshToken);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      message: expect.stringContaining("expirado"),
      code: "INVALID_REFRESH_TOKEN",
    });
  });

  it("a refresh token works only under its environment: elsewhere 401, and it stays usable at home", async () => {
    const { refreshToken } = await session("TesteCF");
    for (const other of ["eCF", "CerteCF"]) {
      const answer = await refresh(other, refreshToken);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: expect.stringContaining("TesteCF"),
        code: "INVALID_REFRESH_TOKEN",
      });
    }
    expect((await refresh("TesteCF", refreshToken)).status).toBe(200);
  });

  it("a disabled user's refresh tokens are revoked (and stay so when the user is enabled again)", async () => {
    const worker = await createTestAccount({ email: "operador@empresa.do" });
    const before = await session("TesteCF", worker);
    const other = await session("eCF", worker);
    await setUserDisabled(worker.auth.userId, true);
    const rows = await database.prisma.refreshToken.findMany({ where: { userId: worker.auth.userId } });
    expect(rows.length).toBe(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await refresh("TesteCF", before.refreshToken)).status).toBe(401);

    await setUserDisabled(worker.auth.userId, false);
    const answer = await refresh("eCF", other.refreshToken);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("INVALID_REFRESH_TOKEN");
    expect((await session("eCF", worker)).refreshToken).toBeTruthy(); // signing in again works
  });

  it("re-checks the user on every exchange: a user disabled behind its back is 401", async () => {
    const worker = await createTestAccount({ email: "revisado@empresa.do" });
    const { refreshToken } = await session("TesteCF", worker);
    await database.prisma.user.update({ where: { id: worker.auth.userId }, data: { disabled: true } });
    const answer = await refresh("TesteCF", refreshToken);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      message: expect.stringContaining("deshabilitado"),
      code: "INVALID_REFRESH_TOKEN",
    });
  });

  it.each([
    ["unknown", "anula_rt_" + "A".repeat(43)],
    ["malformed", "not-a-refresh-token"],
    ["an idToken", "eyJhbGciOiJIUzI1NiJ9.e30.c2ln"],
  ])("answers an %s refresh token 401 INVALID_REFRESH_TOKEN", async (_case, refreshToken) => {
    const answer = await refresh("TesteCF", refreshToken);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: expect.any(String), code: "INVALID_REFRESH_TOKEN" });
  });

  it("answers 400 VALIDATION_FAILED without a refreshToken, 415 for a form body", async () => {
    const missing = await post("/TesteCF/customer/authentication/refresh", {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "refreshToken" }] });
    const form = await post("/TesteCF/customer/authentication/refresh", "refreshToken=x", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });
});

describe("the second factor over REST", () => {
  /** A user whose second factor is in force (set directly, so no code's time step is spent yet). */
  async function withSecondFactor(email: string): Promise<{ who: TestAccount; secret: string }> {
    const who = await createTestAccount({ email, roles: ["operator"] });
    const { secret } = await beginTotpEnrollment(who.auth.userId);
    await database.prisma.user.update({
      where: { id: who.auth.userId },
      data: { totpEnabledAt: BigInt(Date.now()) },
    });
    return { who, secret };
  }
  /** A six-digit code that is not the current one. */
  const wrongCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 5) % 10);

  it("POST /auth/token: a valid otp 200, a wrong one 401, the same valid one again 401", async () => {
    const { who, secret } = await withSecondFactor("totp-token@empresa.do");
    const body = { username: who.auth.email, password: who.password };
    const code = await generate({ secret });
    const missing = await post("/auth/token", body);
    expect({ status: missing.status, code: missing.body.code }).toEqual({
      status: 401,
      code: "OTP_REQUIRED",
    });
    const wrong = await post("/auth/token", { ...body, otp: wrongCode(code) });
    expect({ status: wrong.status, code: wrong.body.code }).toEqual({
      status: 401,
      code: "INVALID_CREDENTIALS",
    });
    const valid = await post("/auth/token", { ...body, otp: code });
    expect(valid.status).toBe(200);
    expect((await listVoids("TesteCF", valid.body.idToken as string)).status).toBe(200);
    const reused = await post("/auth/token", { ...body, otp: code });
    expect({ status: reused.status, code: reused.body.code }).toEqual({
      status: 401,
      code: "INVALID_CREDENTIALS",
    });
  });

  it("MSeller's sign-in: a valid otp 200, a wrong one 401, the same valid one again 401", async () => {
    const { who, secret } = await withSecondFactor("totp-mseller@empresa.do");
    const body = { email: who.auth.email, password: who.password };
    const path = "/TesteCF/customer/authentication";
    const code = await generate({ secret });
    const wrong = await post(path, { ...body, otp: wrongCode(code) });
    expect({ status: wrong.status, code: wrong.body.code }).toEqual({
      status: 401,
      code: "INVALID_CREDENTIALS",
    });
    const valid = await post(path, { ...body, otp: code });
    expect(valid.status).toBe(200);
    expect(valid.body.refreshToken).toEqual(expect.stringMatching(/^anula_rt_/));
    const reused = await post(path, { ...body, otp: code });
    expect({ status: reused.status, code: reused.body.code }).toEqual({
      status: 401,
      code: "INVALID_CREDENTIALS",
    });
  });

  it("refuses a refresh (403, the session revoked) while the organization requires a second factor the user has not set up", async () => {
    const holder = await createTestAccount({ email: "sin-totp@empresa.do" }); // administrator + approver
    const { refreshToken } = await session("TesteCF", holder);
    // Set behind the rule's back (setRequireSecondFactor would also end the session): only the
    // refresh's own check stands between the token and a new idToken.
    await database.prisma.organization.update({
      where: { id: holder.auth.organizationId },
      data: { requireSecondFactor: true },
    });
    const answer = await refresh("TesteCF", refreshToken);
    expect({ status: answer.status, code: answer.body.code }).toEqual({
      status: 403,
      code: "SECOND_FACTOR_SETUP_REQUIRED",
    });
    expect(answer.body.idToken).toBeUndefined();
    const rows = await database.prisma.refreshToken.findMany({ where: { userId: holder.auth.userId } });
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it("turning the rule on ends the tokens of administrators and approvers without a second factor, no one else's", async () => {
    const owner = await createTestAccount({ email: "duena@grupo.do" }); // organization administrator
    const sister = await createCompany({
      organizationId: owner.auth.organizationId,
      rnc: "104000099",
      name: "Hermana SRL",
    });
    const password = "una-clave-larga";
    const member = async (email: string, roles: Parameters<typeof createUser>[0]["roles"]) => {
      await createUser({ accountId: sister.id, email, password, roles, organizationAdmin: false });
      const answer = await signIn("TesteCF", email, password);
      expect(answer.status).toBe(200);
      return answer.body as unknown as Session;
    };
    const held = {
      owner: await session("TesteCF", owner),
      approver: await member("aprobador@grupo.do", ["approver"]),
      administrator: await member("admin@grupo.do", ["administrator"]),
    };
    const free: Record<string, Session> = { operator: await member("operador@grupo.do", ["operator"]) };
    // An administrator who set the second factor up keeps their token.
    const enrolled = await createUser({
      accountId: sister.id,
      email: "con-totp@grupo.do",
      password,
      roles: ["administrator"],
      organizationAdmin: false,
    });
    await database.prisma.user.update({
      where: { id: enrolled.id },
      data: { totpEnabledAt: BigInt(Date.now()) },
    });
    free.administratorWithTotp = {
      idToken: await signIdToken((await loadActiveUser(enrolled.id, sister.id))!),
    } as Session;
    await new Promise((resolve) => setTimeout(resolve, 2)); // sessions end strictly after issue (ms)

    await setRequireSecondFactor(owner.auth.organizationId, true);

    for (const [name, tokens] of Object.entries(held)) {
      expect([name, (await listVoids("TesteCF", tokens.idToken)).status]).toEqual([name, 401]);
      expect([name, (await refresh("TesteCF", tokens.refreshToken)).status]).toEqual([name, 401]);
    }
    for (const [name, tokens] of Object.entries(free)) {
      expect([name, (await listVoids("TesteCF", tokens.idToken)).status]).toEqual([name, 200]);
    }
    expect((await refresh("TesteCF", free.operator!.refreshToken)).status).toBe(200);
  });
});
