import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as VOID } from "@/app/[environment]/customer/void-ncf/route";
import { POST as IMPORT } from "@/app/[environment]/documentos-ecf/import/route";
import { POST as BATCH } from "@/app/[environment]/documentos-ecf/status/batch/route";
import { POST as TOKEN } from "@/app/auth/token/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import type { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

import { isJsonMediaType } from "./json-content-type";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";

/**
 * What every JSON endpoint does with the body's declared type and with oversized values: one rule
 * (readBodyBytes), checked here through the four real handlers.
 */
let database: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount({ rnc: "130000077", certificate: true, apiKey: true });
  setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
  // Nothing here may reach the authority: every request is refused before.
  setTaxAuthClient({
    voidRanges: () => {
      throw new Error("a refused request reached the tax authority");
    },
  } as unknown as TaxAuthClient);
});

afterAll(async () => {
  setTaxAuthClient(undefined);
  await database?.dispose();
});

type Handler = (request: Request, context: { params: Promise<{ environment: string }> }) => Promise<Response>;

const ENDPOINTS: Array<{ name: string; path: string; handler: Handler; body: unknown }> = [
  {
    name: "POST void-ncf",
    path: "/TesteCF/customer/void-ncf",
    handler: VOID,
    body: { ranges: [{ secuenciaDesde: "E31", secuenciaHasta: "E31" }] },
  },
  {
    name: "POST /auth/token",
    path: "/auth/token",
    handler: TOKEN as Handler,
    body: { username: "nadie@empresa.do", password: "x" },
  },
  {
    name: "POST documentos-ecf/status/batch",
    path: "/TesteCF/documentos-ecf/status/batch",
    handler: BATCH,
    body: { ecfs: ["E310000000001"] },
  },
  {
    name: "POST documentos-ecf/import",
    path: "/TesteCF/documentos-ecf/import",
    handler: IMPORT,
    body: { documents: [{ ncf: "E310000000001" }] },
  },
];

/** A Request whose Content-Type is exactly `contentType` (none at all when null: a byte body sets none). */
function post(path: string, text: string, contentType: string | null): Request {
  const headers = new Headers({
    authorization: `Bearer ${account.idToken}`,
    "x-api-key": account.apiKey!,
  });
  if (contentType !== null) headers.set("content-type", contentType);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: new TextEncoder().encode(text),
  });
}

async function call(endpoint: (typeof ENDPOINTS)[number], text: string, contentType: string | null) {
  const response = await endpoint.handler(post(endpoint.path, text, contentType), {
    params: Promise.resolve({ environment: "TesteCF" }),
  });
  const raw = await response.text();
  return {
    status: response.status,
    bytes: Buffer.byteLength(raw),
    body: JSON.parse(raw) as Record<string, unknown>,
  };
}

describe("isJsonMediaType", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["Application/JSON;charset=UTF-8", true],
    [" application/json ", true],
    ["application/merge-patch+json", true],
    ["application/vnd.api+json; charset=utf-8", true],
    ["application/problem+json", true],
    ["text/plain", false],
    ["text/plain;charset=UTF-8", false],
    ["application/x-www-form-urlencoded", false],
    ["multipart/form-data; boundary=x", false],
    ["application/xml", false],
    ["text/json", false],
    ["application/jsonx", false],
    ["application/+json", false],
    ["application/json-patch", false],
    ["json", false],
  ])("%j → %s", (contentType, expected) => {
    expect(isJsonMediaType(contentType)).toBe(expected);
  });
});

describe("a body with a non-JSON Content-Type → 415 UNSUPPORTED_MEDIA_TYPE", () => {
  const refused = [
    "text/plain;charset=UTF-8", // fetch with a string body and no header
    "application/x-www-form-urlencoded", // curl -d without -H
    "multipart/form-data; boundary=----x",
    "application/xml",
  ];
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: refuses ${refused.length} non-JSON types, even with a JSON body`, async () => {
      for (const contentType of refused) {
        const answer = await call(endpoint, JSON.stringify(endpoint.body), contentType);
        expect(answer.status, contentType).toBe(415);
        expect(answer.body).toMatchObject({
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: expect.stringContaining("application/json"),
        });
      }
    });

    it(`${endpoint.name}: reads JSON with parameters, +json types and no Content-Type at all`, async () => {
      for (const contentType of ["application/json; charset=utf-8", "application/merge-patch+json", null]) {
        const answer = await call(endpoint, JSON.stringify(endpoint.body), contentType);
        expect(answer.status, String(contentType)).not.toBe(415);
        expect(answer.status, String(contentType)).toBeLessThan(500);
      }
    });
  }

  it("quotes a huge Content-Type only in part", async () => {
    const answer = await call(ENDPOINTS[0]!, "{}", `text/${"x".repeat(10_000)}`);
    expect(answer.status).toBe(415);
    expect(answer.bytes).toBeLessThan(1_000);
  });
});

describe("documents batch: an entry over the OpenAPI's maxLength (200)", () => {
  const batch = ENDPOINTS[2]!;

  it("answers 200 up to 200 characters and 400 VALIDATION_FAILED from 201, naming every entry", async () => {
    const fits = await call(batch, JSON.stringify({ ecfs: ["x".repeat(200)] }), "application/json");
    expect(fits.status).toBe(200);
    expect(fits.body).toMatchObject({ total: 1, results: [{ found: false }] });

    const over = await call(
      batch,
      JSON.stringify({ ecfs: ["E310000000001", "x".repeat(201), 5, "y".repeat(60_000)] }),
      "application/json",
    );
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "ecfs[1] tiene 201 caracteres; cada entrada admite como máximo 200 (un e-NCF tiene 13).",
      errors: [
        { field: "ecfs[1]", code: "VALIDATION_FAILED" },
        { field: "ecfs[2]", code: "INVALID_FIELD_TYPE" },
        { field: "ecfs[3]", code: "VALIDATION_FAILED" },
      ],
    });
    expect(over.bytes).toBeLessThan(1_000);
  });
});

describe("a 1 MB value is never echoed back whole", () => {
  const huge = `E31${"9".repeat(1_000_000)}`;
  const cases: Array<[string, number, unknown]> = [
    ["void: secuenciaDesde", 0, { ranges: [{ secuenciaDesde: huge, secuenciaHasta: huge }] }],
    [
      "void: 2,000 lines of 6 KB (3 KB each end)",
      0,
      {
        ranges: Array.from({ length: 2_000 }, () => ({
          secuenciaDesde: huge.slice(0, 3_000),
          secuenciaHasta: huge.slice(0, 3_000),
        })),
      },
    ],
    [
      "void: fechaHoraAnulacion",
      0,
      { ranges: [{ secuenciaDesde: "E310000000001" }], fechaHoraAnulacion: huge },
    ],
    // The batch's body limit is 64 KiB (a 1 MB body is 413): its largest entry is checked.
    ["batch: a 60 KB entry", 2, { ecfs: [huge.slice(0, 60_000)] }],
    ["import: ncf", 3, { documents: [{ ncf: huge }] }],
    ["import: an unknown field's name", 3, { documents: [{ ncf: "E310000000001", [huge]: 1 }] }],
    // /auth/token takes 16 KiB: a 10 KB username.
    ["auth/token: a 10 KB username", 1, { username: huge.slice(0, 10_000), password: "x" }],
  ];

  it.each(cases)("%s", async (_name, index, body) => {
    const endpoint = ENDPOINTS[index]!;
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan({ 1: 10_000, 2: 60_000 }[index] ?? 1_000_000);
    const answer = await call(endpoint, text, "application/json");
    expect([200, 400, 401]).toContain(answer.status);
    // 2,000 problem lines, each quoting at most 64 characters of its value, stay well under 1 MB.
    expect(answer.bytes).toBeLessThan(_name.includes("2,000") ? 500_000 : 4_096);
  });
});
