import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as authTokenRoute from "@/app/auth/token/route";
import * as documentsRoute from "@/app/[environment]/documentos-ecf/route";
import * as importRoute from "@/app/[environment]/documentos-ecf/import/route";
import * as batchRoute from "@/app/[environment]/documentos-ecf/status/batch/route";
import { SERVICE_SCOPES, type ServiceScope } from "@/lib/domain/roles";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createApiKey } from "@/lib/server/auth";
import { resetLoginThrottle } from "@/lib/server/auth/login-throttle";
import {
  createServiceAccount,
  rotateServiceAccountSecret,
  setServiceAccountDisabled,
} from "@/lib/server/auth/service-accounts";
import { importEntry } from "@/lib/server/documents/test-support";
import { PEER_ADDRESS_HEADER } from "@/lib/server/platform/http/client-address";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import * as refreshRoute from "./refresh/route";
import * as signInRoute from "./route";

/**
 * Service accounts over real HTTP, through the same handlers Next calls: they sign in at both
 * sign-in endpoints with clientId + secret, each scope opens exactly its endpoints, a rotated secret
 * works until its overlap ends, disabling ends tokens and refresh tokens at once, and what they do
 * is attributed to them.
 */

let app: VoidTestApp;
let server: RouteServer;
let company: TestAccount;
let other: TestAccount;
let apiKey: string;
let sequence = 700_000;

beforeAll(async () => {
  app = await startVoidTestApp();
  server = await startRouteServer([
    { pattern: "/auth/token", module: authTokenRoute },
    { pattern: "/[environment]/customer/authentication", module: signInRoute },
    { pattern: "/[environment]/customer/authentication/refresh", module: refreshRoute },
    { pattern: "/[environment]/documentos-ecf", module: documentsRoute },
    { pattern: "/[environment]/documentos-ecf/import", module: importRoute },
    { pattern: "/[environment]/documentos-ecf/status/batch", module: batchRoute },
  ]);
  company = await createTestAccount({ rnc: "131880001", certificate: true });
  other = await createTestAccount({ rnc: "131880002" });
  apiKey = (await createApiKey(company.auth.accountId, "erp")).key;
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});
beforeEach(() => app.simulator.admin.clearFaults());
afterEach(() => resetLoginThrottle());

type Answer = { status: number; body: Record<string, unknown>; text: string };

async function call(
  method: "GET" | "POST",
  path: string,
  options: { token?: string; body?: unknown; apiKey?: string } = {},
): Promise<Answer> {
  // The void endpoints are served by the void test app, the rest by this file's server.
  const base = path.includes("/customer/void-ncf") ? app.server.url : server.url;
  const response = await fetch(base + path, {
    method,
    headers: {
      [PEER_ADDRESS_HEADER]: "192.0.2.40",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.apiKey ? { "x-api-key": options.apiKey } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // The XML download is read from `text`.
  }
  return { status: response.status, body, text };
}

const tokenAt = (clientId: string, secret: string, rnc?: string) =>
  call("POST", "/auth/token", { body: { username: clientId, password: secret, ...(rnc ? { rnc } : {}) } });
const customerSignIn = (clientId: string, secret: string, environment = "TesteCF") =>
  call("POST", `/${environment}/customer/authentication`, { body: { email: clientId, password: secret } });

async function tokenOf(clientId: string, secret: string): Promise<string> {
  const answer = await tokenAt(clientId, secret);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.idToken as string;
}

function freshRange() {
  sequence += 10;
  return {
    secuenciaDesde: `E31${String(sequence + 1).padStart(10, "0")}`,
    secuenciaHasta: `E31${String(sequence + 3).padStart(10, "0")}`,
  };
}

const voidBody = () => ({ ranges: [freshRange()], fechaHoraAnulacion: "22-11-2026 08:30:00" });

describe("signing in with a service account", () => {
  it("POST /auth/token: clientId + secret → an idToken for its company; the rnc, when named, must be its company's", async () => {
    const service = await createServiceAccount(company.auth.accountId, {
      name: "ERP",
      scopes: ["voids:read"],
    });
    const answer = await tokenAt(service.clientId, service.secret);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ idToken: expect.any(String), expiresIn: 3600, tokenType: "Bearer" });
    const list = await call("GET", "/TesteCF/customer/void-ncf", { token: answer.body.idToken as string });
    expect(list.status).toBe(200);

    expect((await tokenAt(service.clientId, service.secret, company.auth.rnc)).status).toBe(200);
    const foreign = await tokenAt(service.clientId, service.secret, other.auth.rnc);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: "FORBIDDEN" });

    const wrong = await tokenAt(service.clientId, service.secret.slice(0, -2) + "xx");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_CREDENTIALS" });
  });

  it("POST /{environment}/customer/authentication: clientId as email, the secret as password, and its refresh", async () => {
    const service = await createServiceAccount(company.auth.accountId, {
      name: "ERP MSeller",
      scopes: ["voids:read"],
    });
    const answer = await customerSignIn(service.clientId, service.secret, "CerteCF");
    expect(answer.status, answer.text).toBe(200);
    const first = answer.body as { idToken: string; refreshToken: string };
    expect((await call("GET", "/CerteCF/customer/void-ncf", { token: first.idToken })).status).toBe(200);
    const renewed = await call("POST", "/CerteCF/customer/authentication/refresh", {
      body: { refreshToken: first.refreshToken },
    });
    expect(renewed.status, renewed.text).toBe(200);
    const next = renewed.body as { idToken: string };
    expect((await call("GET", "/CerteCF/customer/void-ncf", { token: next.idToken })).status).toBe(200);
    expect((await call("GET", "/TesteCF/customer/void-ncf", { token: next.idToken })).status).toBe(401);
  });
});

describe("each scope allows exactly its endpoints", () => {
  let voidId: string;
  beforeAll(async () => {
    const sender = await createServiceAccount(company.auth.accountId, {
      name: "seed",
      scopes: ["voids:send", "documents:import"],
    });
    const token = await tokenOf(sender.clientId, sender.secret);
    const sent = await call("POST", "/TesteCF/customer/void-ncf", { token, body: voidBody() });
    expect(sent.status, sent.text).toBe(200);
    voidId = sent.body.voidId as string;
    const imported = await call("POST", "/TesteCF/documentos-ecf/import", {
      token,
      apiKey,
      body: { documents: [importEntry("E310000000777")] },
    });
    expect(imported.status, imported.text).toBe(200);
  });

  /** Each endpoint, the scope that opens it, and the status it answers when open. */
  const ENDPOINTS: Array<{
    name: string;
    scope: ServiceScope;
    ok: number;
    call: (token: string) => Promise<Answer>;
  }> = [
    {
      name: "POST void-ncf",
      scope: "voids:send",
      ok: 200,
      call: (token) => call("POST", "/TesteCF/customer/void-ncf", { token, body: voidBody() }),
    },
    {
      name: "GET void-ncf (list)",
      scope: "voids:read",
      ok: 200,
      call: (token) => call("GET", "/TesteCF/customer/void-ncf", { token }),
    },
    {
      name: "GET void-ncf?voidId",
      scope: "voids:read",
      ok: 200,
      call: (token) => call("GET", `/TesteCF/customer/void-ncf?voidId=${voidId}`, { token }),
    },
    {
      name: "GET void-ncf/{voidId}/xml",
      scope: "voids:read",
      ok: 200,
      call: (token) => call("GET", `/TesteCF/customer/void-ncf/${voidId}/xml`, { token }),
    },
    {
      name: "GET documentos-ecf",
      scope: "documents:read",
      ok: 200,
      call: (token) => call("GET", "/TesteCF/documentos-ecf?ecf=E310000000777", { token, apiKey }),
    },
    {
      name: "POST documentos-ecf/status/batch",
      scope: "documents:read",
      ok: 200,
      call: (token) =>
        call("POST", "/TesteCF/documentos-ecf/status/batch", {
          token,
          apiKey,
          body: { ecfs: ["E310000000777"] },
        }),
    },
    {
      name: "POST documentos-ecf/import",
      scope: "documents:import",
      ok: 200,
      call: (token) =>
        call("POST", "/TesteCF/documentos-ecf/import", {
          token,
          apiKey,
          body: { documents: [importEntry(`E3200000${String((sequence += 1) % 100000).padStart(5, "0")}`)] },
        }),
    },
  ];

  it.each(SERVICE_SCOPES)("a service account with only %s", async (scope) => {
    const service = await createServiceAccount(company.auth.accountId, { name: scope, scopes: [scope] });
    const token = await tokenOf(service.clientId, service.secret);
    for (const endpoint of ENDPOINTS) {
      const answer = await endpoint.call(token);
      if (endpoint.scope === scope) {
        expect(answer.status, `${endpoint.name}: ${answer.text.slice(0, 200)}`).toBe(endpoint.ok);
      } else {
        expect(answer.status, `${endpoint.name}: ${answer.text.slice(0, 200)}`).toBe(403);
        expect(answer.body.code, endpoint.name).toBe("FORBIDDEN");
      }
    }
  });
});

describe("rotation and disabling", () => {
  it("after a rotation the old secret works until the overlap ends, then INVALID_CREDENTIALS; the new one works", async () => {
    const service = await createServiceAccount(company.auth.accountId, {
      name: "rotated",
      scopes: ["voids:read"],
    });
    const rotated = await rotateServiceAccountSecret(company.auth.accountId, service.id, 1);
    expect(rotated.oldSecretsExpireAt).toBeGreaterThan(Date.now() + 3_500_000);
    expect((await tokenAt(service.clientId, service.secret)).status).toBe(200);
    expect((await tokenAt(service.clientId, rotated.secret)).status).toBe(200);

    // The overlap ends (moved into the past rather than waiting an hour).
    await app.db.prisma.serviceAccountSecret.updateMany({
      where: { serviceAccountId: service.id, expiresAt: { not: null } },
      data: { expiresAt: BigInt(Date.now() - 1) },
    });
    const old = await tokenAt(service.clientId, service.secret);
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: "INVALID_CREDENTIALS" });
    expect((await customerSignIn(service.clientId, service.secret)).status).toBe(401);
    expect((await tokenAt(service.clientId, rotated.secret)).status).toBe(200);

    // Overlap 0 (a leaked secret): the previous one stops at once.
    const again = await rotateServiceAccountSecret(company.auth.accountId, service.id, 0);
    expect((await tokenAt(service.clientId, rotated.secret)).status).toBe(401);
    expect((await tokenAt(service.clientId, again.secret)).status).toBe(200);
  });

  it("disabling ends its idTokens and refresh tokens at once; enabling lets it sign in again", async () => {
    const service = await createServiceAccount(company.auth.accountId, {
      name: "disabled",
      scopes: ["voids:read"],
    });
    const idToken = await tokenOf(service.clientId, service.secret);
    const session = (await customerSignIn(service.clientId, service.secret)).body as {
      idToken: string;
      refreshToken: string;
    };
    expect((await call("GET", "/TesteCF/customer/void-ncf", { token: idToken })).status).toBe(200);

    await setServiceAccountDisabled(company.auth.accountId, service.id, true);
    for (const token of [idToken, session.idToken]) {
      const refused = await call("GET", "/TesteCF/customer/void-ncf", { token });
      expect(refused.status).toBe(401);
    }
    const refreshed = await call("POST", "/TesteCF/customer/authentication/refresh", {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.code).toBe("INVALID_REFRESH_TOKEN");
    expect((await tokenAt(service.clientId, service.secret)).status).toBe(401);

    await setServiceAccountDisabled(company.auth.accountId, service.id, false);
    // Tokens issued before the disable stay ended; a new sign-in works.
    expect((await call("GET", "/TesteCF/customer/void-ncf", { token: idToken })).status).toBe(401);
    const fresh = await tokenOf(service.clientId, service.secret);
    expect((await call("GET", "/TesteCF/customer/void-ncf", { token: fresh })).status).toBe(200);
  });

  it("another company's administrator cannot rotate or disable it (NOT_FOUND)", async () => {
    const service = await createServiceAccount(company.auth.accountId, {
      name: "own",
      scopes: ["voids:read"],
    });
    await expect(rotateServiceAccountSecret(other.auth.accountId, service.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(setServiceAccountDisabled(other.auth.accountId, service.id, true)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await tokenAt(service.clientId, service.secret)).status).toBe(200);
  });
});

describe("attribution", () => {
  it("a void sent by a service account names it in createdBy; one sent by a person names the person", async () => {
    const service = await createServiceAccount(company.auth.accountId, {
      name: "ERP Contable",
      scopes: ["voids:send"],
    });
    const token = await tokenOf(service.clientId, service.secret);
    const sent = await call("POST", "/TesteCF/customer/void-ncf", { token, body: voidBody() });
    expect(sent.status, sent.text).toBe(200);
    const record = await app.db.prisma.voidRecord.findUniqueOrThrow({
      where: { id: sent.body.voidId as string },
    });
    expect(record.createdBy).toBe(`ERP Contable (cuenta de servicio ${service.clientId})`);
    expect(record.createdBy).not.toContain(company.auth.email);

    const byPerson = await call("POST", "/TesteCF/customer/void-ncf", {
      token: company.idToken,
      body: voidBody(),
    });
    expect(byPerson.status, byPerson.text).toBe(200);
    const personRecord = await app.db.prisma.voidRecord.findUniqueOrThrow({
      where: { id: byPerson.body.voidId as string },
    });
    expect(personRecord.createdBy).toBe(`${company.auth.email} (API)`);

    const row = await app.db.prisma.serviceAccount.findUniqueOrThrow({ where: { id: service.id } });
    expect(row.lastUsedAt).not.toBeNull();
  });
});
