import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import * as signInRoute from "@/app/[environment]/customer/authentication/route";
import * as voidRoute from "@/app/[environment]/customer/void-ncf/route";
import { changeOwnPassword, endUserSessions, inviteUser, setMemberRoles } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { resetLoginThrottle } from "@/lib/server/auth/login-throttle";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { PEER_ADDRESS_HEADER } from "@/lib/server/platform/http/client-address";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";

import * as authTokenRoute from "./route";

/**
 * Tokens act for one company, over real HTTP: a user of two companies must name the RNC (400
 * RNC_REQUIRED listing both), gets a token for the one named, 403 for one not theirs; losing the
 * role in a company ends that company's tokens at once; a password change and "sign out everywhere"
 * end every token at once, while a new sign-in works.
 */

let database: TestDatabase;
let server: RouteServer;
let second: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startRouteServer([
    { pattern: "/auth/token", module: authTokenRoute },
    { pattern: "/[environment]/customer/authentication", module: signInRoute },
    { pattern: "/[environment]/customer/void-ncf", module: voidRoute },
  ]);
  second = await createTestAccount({ rnc: "131770002" });
  stranger = await createTestAccount({ rnc: "131770003" });
});
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});
afterEach(() => resetLoginThrottle());

type Answer = { status: number; body: Record<string, unknown> };

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: "192.0.2.77" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function listVoids(token: string, environment = "TesteCF"): Promise<Answer> {
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

/** A person with a role in two companies of two organizations (an accountant serving a client). */
async function memberOfTwo(email: string): Promise<{ user: TestAccount; password: string }> {
  const user = await createTestAccount({ email, roles: ["operator"] });
  const invited = await inviteUser({ accountId: second.auth.accountId, email, roles: ["viewer"] });
  expect(invited).toMatchObject({ userId: user.auth.userId, created: false });
  expect(invited.temporaryPassword).toBeUndefined(); // their credentials are untouched
  return { user, password: user.password };
}

describe("tokens per company", () => {
  it("a user of two companies: 400 RNC_REQUIRED listing both without rnc, a token for the rnc named, 403 for another", async () => {
    const { user, password } = await memberOfTwo("contador@firma.do");
    const ownRnc = user.auth.rnc;
    const companies = [
      { rnc: ownRnc, name: `Cuenta ${ownRnc}` },
      { rnc: second.auth.rnc, name: `Cuenta ${second.auth.rnc}` },
    ];
    const byRnc = (a: { rnc: string }, b: { rnc: string }) => a.rnc.localeCompare(b.rnc);

    for (const answer of [
      await post("/auth/token", { username: user.auth.email, password }),
      await post("/TesteCF/customer/authentication", { email: user.auth.email, password }),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "RNC_REQUIRED", message: expect.any(String) });
      // A sentence naming the field to send and the companies, not the bare code.
      expect(answer.body.message).toContain('campo "rnc"');
      for (const company of companies) expect(answer.body.message).toContain(company.rnc);
      expect([...(answer.body.companies as { rnc: string }[])].sort(byRnc)).toEqual(companies.sort(byRnc));
    }

    for (const rnc of [ownRnc, second.auth.rnc]) {
      const answer = await post("/auth/token", { username: user.auth.email, password, rnc });
      expect(answer.status).toBe(200);
      const token = answer.body.idToken as string;
      expect(claimsOf(token)).toMatchObject({ rnc, sub: user.auth.userId });
      expect((await listVoids(token)).status).toBe(200);
      const mseller = await post("/TesteCF/customer/authentication", {
        email: user.auth.email,
        password,
        rnc,
      });
      expect(mseller.status).toBe(200);
      expect(claimsOf(mseller.body.idToken as string)).toMatchObject({ rnc });
    }

    for (const answer of [
      await post("/auth/token", { username: user.auth.email, password, rnc: stranger.auth.rnc }),
      await post("/TesteCF/customer/authentication", {
        email: user.auth.email,
        password,
        rnc: stranger.auth.rnc,
      }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("FORBIDDEN");
    }
  });

  it("a user of one company needs no rnc", async () => {
    const answer = await post("/auth/token", { username: stranger.auth.email, password: stranger.password });
    expect(answer.status).toBe(200);
    expect(claimsOf(answer.body.idToken as string)).toMatchObject({ rnc: stranger.auth.rnc });
  });

  it("removing the user's roles in a company ends that company's tokens at once; the other company's keep working", async () => {
    const { user, password } = await memberOfTwo("auditor@firma.do");
    const token = async (rnc: string) =>
      (await post("/auth/token", { username: user.auth.email, password, rnc })).body.idToken as string;
    const inSecond = await token(second.auth.rnc);
    const inOwn = await token(user.auth.rnc);
    expect((await listVoids(inSecond)).status).toBe(200);

    await setMemberRoles(second.auth.accountId, user.auth.userId, []);
    const refused = await listVoids(inSecond);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("UNAUTHORIZED");
    expect((await listVoids(inOwn)).status).toBe(200);
    // Now a user of one company: no rnc needed, and the removed one is 403.
    expect((await post("/auth/token", { username: user.auth.email, password })).status).toBe(200);
    const removed = await post("/auth/token", { username: user.auth.email, password, rnc: second.auth.rnc });
    expect(removed.status).toBe(403);
  });

  it("a password change ends every token of the user at once (401); signing in with the new password works", async () => {
    const { user, password } = await memberOfTwo("cambia@firma.do");
    const tokens = await Promise.all(
      [user.auth.rnc, second.auth.rnc].map(
        async (rnc) =>
          (await post("/auth/token", { username: user.auth.email, password, rnc })).body.idToken as string,
      ),
    );
    const mseller = await post("/eCF/customer/authentication", {
      email: user.auth.email,
      password,
      rnc: user.auth.rnc,
    });
    tokens.push(mseller.body.idToken as string);

    await changeOwnPassword(user.auth.userId, password, "una-clave-nueva-larga");
    for (const [index, token] of tokens.entries()) {
      expect((await listVoids(token, index === 2 ? "eCF" : "TesteCF")).status).toBe(401);
    }
    expect(
      (await post("/auth/token", { username: user.auth.email, password, rnc: user.auth.rnc })).status,
    ).toBe(401);
    const fresh = await post("/auth/token", {
      username: user.auth.email,
      password: "una-clave-nueva-larga",
      rnc: user.auth.rnc,
    });
    expect(fresh.status).toBe(200);
    expect((await listVoids(fresh.body.idToken as string)).status).toBe(200);
  });

  it("endUserSessions (sign out everywhere) ends every token at once; a new sign-in works", async () => {
    const { user, password } = await memberOfTwo("salir@firma.do");
    const before = await Promise.all(
      [user.auth.rnc, second.auth.rnc].map(
        async (rnc) =>
          (await post("/auth/token", { username: user.auth.email, password, rnc })).body.idToken as string,
      ),
    );
    for (const token of before) expect((await listVoids(token)).status).toBe(200);
    await endUserSessions(user.auth.userId);
    for (const token of before) expect((await listVoids(token)).status).toBe(401);
    const after = await post("/auth/token", { username: user.auth.email, password, rnc: second.auth.rnc });
    expect(after.status).toBe(200);
    expect((await listVoids(after.body.idToken as string)).status).toBe(200);
  });
});
