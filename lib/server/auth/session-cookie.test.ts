import { createRequire } from "node:module";

import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { resetConfigForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { PEER_ADDRESS_HEADER } from "@/lib/server/platform/http/client-address";

import { resetLoginThrottle } from "./login-throttle";

// next-auth's route handler reads the request through next/headers (a CommonJS require, which
// vi.mock does not reach): outside Next.js it gets the request under test.
const current: { request?: Request } = {};
const nextHeaders = createRequire(import.meta.url)("next/headers") as Record<string, unknown>;
vi.spyOn(nextHeaders as { headers: () => unknown }, "headers").mockImplementation(
  async () => current.request!.headers,
);
vi.spyOn(nextHeaders as { cookies: () => unknown }, "cookies").mockImplementation(async () => ({
  getAll: () =>
    (current.request!.headers.get("cookie") ?? "")
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => ({
        name: pair.slice(0, pair.indexOf("=")),
        value: decodeURIComponent(pair.slice(pair.indexOf("=") + 1)),
      })),
}));

let database: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount({ email: "cookie@empresa.do" });
});
afterAll(async () => database?.dispose());
afterEach(async () => {
  for (const name of ["TRUST_PROXY", "NEXTAUTH_URL"]) delete process.env[name];
  resetConfigForTests();
  await resetLoginThrottle();
});

function configure(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetConfigForTests();
}

async function call(
  handler: typeof GET,
  action: string[],
  headers: Record<string, string>,
  body?: string,
): Promise<Response> {
  const request = new NextRequest(`http://localhost:3000/api/auth/${action.join("/")}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { [PEER_ADDRESS_HEADER]: "192.0.2.44", ...headers },
    body,
  });
  current.request = request;
  return handler(request, { params: Promise.resolve({ nextauth: action }) });
}

/**
 * Signs in through next-auth's credentials callback (what the login form does); returns the cookies
 * it set (Set-Cookie lines) and the URL next-auth answers (an `error=` on failure).
 */
async function attemptSignIn(
  headers: Record<string, string>,
  password = account.password,
): Promise<{ status: number; cookies: string[]; url: string }> {
  const csrf = await call(GET, ["csrf"], headers);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]!);
  const form = new URLSearchParams({
    csrfToken,
    username: "cookie@empresa.do",
    password,
    json: "true",
  });
  const callback = await call(
    POST,
    ["callback", "credentials"],
    { ...headers, cookie: csrfCookie.join("; "), "content-type": "application/x-www-form-urlencoded" },
    form.toString(),
  );
  const { url } = (await callback.json()) as { url: string };
  return {
    status: callback.status,
    cookies: [...csrf.headers.getSetCookie(), ...callback.headers.getSetCookie()],
    url,
  };
}

async function signIn(headers: Record<string, string>): Promise<string[]> {
  const { status, cookies, url } = await attemptSignIn(headers);
  expect(status).toBe(200);
  expect(url).not.toContain("error=");
  return cookies;
}

const sessionCookie = (lines: string[]) => lines.find((line) => /next-auth\.session-token=/.test(line));

describe("portal session cookie", () => {
  it("over plain http: HttpOnly, SameSite=Lax, not Secure", async () => {
    const cookie = sessionCookie(await signIn({}));
    expect(cookie).toMatch(/^next-auth\.session-token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("a client's own X-Forwarded-Proto: https is not believed without TRUST_PROXY", async () => {
    expect(sessionCookie(await signIn({ "x-forwarded-proto": "https" }))).not.toMatch(/Secure/i);
  });

  it("Secure (and __Secure-/__Host- names) behind an https proxy with TRUST_PROXY", async () => {
    configure({ TRUST_PROXY: "1" });
    const cookies = await signIn({ "x-forwarded-proto": "https" });
    expect(sessionCookie(cookies)).toMatch(/^__Secure-next-auth\.session-token=.*; Secure/i);
    expect(cookies.find((line) => line.includes("csrf-token"))).toMatch(
      /^__Host-next-auth\.csrf-token=.*; Secure/i,
    );
  });

  it("Secure whenever NEXTAUTH_URL is https", async () => {
    configure({ NEXTAUTH_URL: "https://anula.empresa.do" });
    expect(sessionCookie(await signIn({}))).toMatch(/^__Secure-next-auth\.session-token=.*; Secure/i);
  });

  it("the portal sign-in is throttled per (e-mail, client address) like POST /auth/token", async () => {
    const guesser = { [PEER_ADDRESS_HEADER]: "203.0.113.80" };
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await attemptSignIn(guesser, `wrong-${attempt}`)).url).toContain("error=CredentialsSignin");
    }
    expect((await attemptSignIn(guesser)).url).toContain("error=RATE_LIMITED");
    expect(sessionCookie(await signIn({ [PEER_ADDRESS_HEADER]: "198.51.100.80" }))).toBeDefined();
  });

  it("the sign-in API answers carry the API's security headers", async () => {
    const csrf = await call(GET, ["csrf"], {});
    expect(csrf.headers.get("x-frame-options")).toBe("DENY");
    expect(csrf.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
