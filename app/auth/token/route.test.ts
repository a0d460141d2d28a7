import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { requireBearer } from "@/lib/server/auth";
import { createTestDatabase, type TestDatabase } from "@/lib/server/db/test-database";

import { POST } from "./route";

let database: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount({ rnc: "103000001", email: "erp@empresa.do" });
});
afterAll(async () => database?.dispose());

const call = (body?: string) =>
  POST(
    new Request("http://localhost/auth/token", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    }),
    {},
  );

describe("POST /auth/token", () => {
  it("issues an idToken that requireBearer accepts", async () => {
    const response = await call(JSON.stringify({ username: "erp@empresa.do", password: account.password }));
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
    const response = await call(JSON.stringify({ username: "erp@empresa.do", password: "nope" }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String), code: "INVALID_CREDENTIALS" });
  });

  it("answers 429 RATE_LIMITED with Retry-After once a username has 10 failed sign-ins, even the right password", async () => {
    const other = await createTestAccount({ rnc: "103000002", email: "guessed@empresa.do" });
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await call(
        JSON.stringify({ username: "Guessed@Empresa.do", password: `nope-${attempt}` }),
      );
      expect(wrong.status).toBe(401);
    }
    const right = await call(JSON.stringify({ username: "guessed@empresa.do", password: other.password }));
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(890);
    expect(await right.json()).toMatchObject({ code: "RATE_LIMITED", retryAfter: expect.any(Number) });
    // Other usernames are not affected.
    const unaffected = await call(JSON.stringify({ username: "erp@empresa.do", password: account.password }));
    expect(unaffected.status).toBe(200);
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
});
