import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { requireBearer } from "@/lib/server/auth";
import { resetLoginThrottle } from "@/lib/server/auth/login-throttle";
import { resetConfigForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { PEER_ADDRESS_HEADER } from "@/lib/server/platform/http/client-address";

import { POST } from "./route";

// Counts the password hash work (scrypt), to prove a throttled sign-in costs none.
const passwordWork = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/server/auth/password", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/server/auth/password")>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      passwordWork.count += 1;
      return original.verifyPassword(...args);
    },
    burnPasswordCheck: (...args: Parameters<typeof original.burnPasswordCheck>) => {
      passwordWork.count += 1;
      return original.burnPasswordCheck(...args);
    },
  };
});

let database: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount({ rnc: "103000001", email: "erp@empresa.do" });
});
afterAll(async () => database?.dispose());
afterEach(async () => {
  await resetLoginThrottle();
  delete process.env.TRUST_PROXY;
  resetConfigForTests();
});

/**
 * POST /auth/token as the server hands it over: `peer` is the socket address the HTTP server
 * stamps (socket-peer.ts); `headers` are what the client sent.
 */
const call = (body?: string, peer = "192.0.2.1", headers: Record<string, string> = {}) =>
  POST(
    new Request("http://localhost/auth/token", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: peer, ...headers },
    }),
    {},
  );
const credentials = (username: string, password: string) => JSON.stringify({ username, password });

describe("POST /auth/token", () => {
  it("issues an idToken that requireBearer accepts", async () => {
    const response = await call(credentials("erp@empresa.do", account.password));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const body = (await response.json()) as { idToken: string; expiresIn: number; tokenType: string };
    expect(body).toEqual({ idToken: expect.any(String), expiresIn: 3600, tokenType: "Bearer" });
    const auth = await requireBearer(
      new Request("http://localhost/x", { headers: { authorization: `Bearer ${body.idToken}` } }),
      "GET /[environment]/documentos-ecf",
    );
    expect(auth).toMatchObject({ rnc: "103000001", accountId: account.auth.accountId });
  });

  it("answers 401 INVALID_CREDENTIALS for a wrong password", async () => {
    const response = await call(credentials("erp@empresa.do", "nope"));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String), code: "INVALID_CREDENTIALS" });
  });

  it("after 10 failures of an e-mail from one address answers that address 429 with Retry-After, even the right password; the user still signs in from elsewhere", async () => {
    const other = await createTestAccount({ rnc: "103000002", email: "guessed@empresa.do" });
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await call(credentials("Guessed@Empresa.do", `nope-${attempt}`), "203.0.113.9");
      expect(wrong.status).toBe(401);
    }
    const right = await call(credentials("guessed@empresa.do", other.password), "203.0.113.9");
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(890);
    expect(await right.json()).toMatchObject({ code: "RATE_LIMITED", retryAfter: expect.any(Number) });
    // The guesser did not lock the user out: from the user's own address the right password works.
    expect((await call(credentials("guessed@empresa.do", other.password), "198.51.100.7")).status).toBe(200);
    // Other e-mails from the guesser's address are not affected (below the per-address limit).
    expect((await call(credentials("erp@empresa.do", account.password), "203.0.113.9")).status).toBe(200);
  });

  it("600 sign-ins with different user names from one address: 429 RATE_LIMITED with Retry-After after 30, without hashing a password", async () => {
    const started = performance.now();
    const statuses: number[] = [];
    let workAtLimit = 0;
    for (let attempt = 0; attempt < 600; attempt++) {
      if (attempt === 30) workAtLimit = passwordWork.count;
      const response = await call(credentials(`spray-${attempt}@empresa.do`, "Verano2026!"), "203.0.113.50");
      statuses.push(response.status);
      if (attempt === 599) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.json()).toMatchObject({ code: "RATE_LIMITED" });
      }
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    expect(passwordWork.count).toBe(workAtLimit); // the 570 refused attempts hashed nothing
    // 600 password hashes would take minutes; the bound is loose for a loaded machine (the count above
    // is the proof that nothing was hashed).
    expect(performance.now() - started).toBeLessThan(60_000);
    // Another address is not affected.
    expect((await call(credentials("erp@empresa.do", account.password), "198.51.100.8")).status).toBe(200);
  });

  it("without TRUST_PROXY a client's own X-Forwarded-For is not believed (a fresh one per guess does not escape the limit)", async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await call(credentials("erp@empresa.do", `nope-${attempt}`), "203.0.113.60", {
        "x-forwarded-for": `10.0.0.${attempt}`,
      });
      expect(response.status).toBe(401);
    }
    const refused = await call(credentials("erp@empresa.do", account.password), "203.0.113.60", {
      "x-forwarded-for": "10.0.0.99",
    });
    expect(refused.status).toBe(429);
  });

  it("with TRUST_PROXY=1 the address is the one the proxy appended to X-Forwarded-For", async () => {
    process.env.TRUST_PROXY = "1";
    resetConfigForTests();
    // Every request comes from the proxy's socket; the clients differ.
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await call(credentials("erp@empresa.do", `nope-${attempt}`), "10.1.1.1", {
        "x-forwarded-for": `6.6.6.6, 203.0.113.70`,
      });
      expect(response.status).toBe(401);
    }
    const spoofing = await call(credentials("erp@empresa.do", account.password), "10.1.1.1", {
      "x-forwarded-for": "198.51.100.9, 203.0.113.70",
    });
    expect(spoofing.status).toBe(429);
    const otherClient = await call(credentials("erp@empresa.do", account.password), "10.1.1.1", {
      "x-forwarded-for": "203.0.113.71",
    });
    expect(otherClient.status).toBe(200);
  });

  it.each([
    ["EMPTY_BODY", undefined],
    ["INVALID_JSON", "{username:"],
  ])("answers 400 %s", async (code, body) => {
    const response = await call(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code });
  });

  it("answers 400 VALIDATION_FAILED naming every missing field", async () => {
    const response = await call(JSON.stringify({ username: "" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; errors: { field: string }[] };
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.errors.map((error) => error.field).sort()).toEqual(["password", "username"]);
  });

  it("sends the API's security headers", async () => {
    const response = await call(credentials("erp@empresa.do", "nope"));
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});
