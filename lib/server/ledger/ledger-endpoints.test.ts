import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import * as importRoute from "@/app/[environment]/documentos-ecf/import/route";
import * as inventoryRoute from "@/app/[environment]/secuencias/route";
import * as gapsRoute from "@/app/[environment]/secuencias/huecos/route";
import * as authorizationsRoute from "@/app/[environment]/secuencias/autorizaciones/route";

/**
 * The ledger through the real routes: the pre-void check (issue 18's reproduction: E33…5 imported as
 * Aceptado, then a void of E33…4–6 was accepted — now 409 SEQUENCE_USED, nothing sent), the
 * OUTSIDE_AUTHORIZATION warning, and the ledger's own endpoints and codes.
 */
let app: VoidTestApp;
let account: TestAccount & { apiKey?: string };
let ledger: RouteServer;

/** The ledger's routes and the import, served beside the void test app (same database). */
async function call(
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(ledger.url + path, {
    method,
    headers: {
      authorization: `Bearer ${account.idToken}`,
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const e33 = (n: number) => `E33${String(n).padStart(10, "0")}`;
const voids = () => app.simulator.admin.callCounts().anularrango ?? 0;

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
  account = await createTestAccount({ certificate: true, apiKey: true });
  ledger = await startRouteServer([
    { pattern: "/[environment]/documentos-ecf/import", module: importRoute },
    { pattern: "/[environment]/secuencias", module: inventoryRoute },
    { pattern: "/[environment]/secuencias/huecos", module: gapsRoute },
    { pattern: "/[environment]/secuencias/autorizaciones", module: authorizationsRoute },
  ]);
});
afterAll(async () => {
  await ledger?.close();
  await app?.close();
});

describe("the pre-void check through POST void-ncf", () => {
  it("refuses a range holding an imported e-CF with 409 SEQUENCE_USED; nothing is sent or stored", async () => {
    const imported = await call("POST", "/TesteCF/documentos-ecf/import", {
      headers: { "x-api-key": account.apiKey! },
      body: { documents: [{ ncf: e33(5), status: "Aceptado" }] },
    });
    expect(imported.status).toBe(200);
    const before = voids();
    const answer = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: e33(4), secuenciaHasta: e33(6) }] },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: "SEQUENCE_USED", numbers: [e33(5)], total: 1 });
    expect(answer.body.message).toContain("e-CF 34");
    expect(voids()).toBe(before);
    expect(await app.db.prisma.voidRecord.count({ where: { accountId: account.auth.accountId } })).toBe(0);
    // A number never seen passes, and is voided.
    const fine = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: e33(6), secuenciaHasta: e33(8) }] },
    });
    expect(fine.status).toBe(200);
    expect(fine.body.warnings).toBeUndefined();
  });

  it("warns (not refuses) about a range outside every authorization entered for its type", async () => {
    const created = await call("POST", "/TesteCF/secuencias/autorizaciones", {
      body: { secuenciaDesde: e33(1), secuenciaHasta: e33(100), fechaAutorizacion: "01-01-2026" },
    });
    expect(created.status).toBe(201);
    const answer = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: e33(99), secuenciaHasta: e33(102) }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.warnings).toMatchObject([
      { code: "OUTSIDE_AUTHORIZATION", secuenciaDesde: e33(101), secuenciaHasta: e33(102), cantidad: 2 },
    ]);
  });
});

describe("the ledger's endpoints and their codes", () => {
  it("inventory, gaps and authorizations answer; 409 AUTHORIZATION_OVERLAP, 400 VALIDATION_FAILED, INVALID_LIMIT, INVALID_NEXT_TOKEN, INVALID_PARAMETER", async () => {
    const inventory = await call("GET", "/TesteCF/secuencias");
    expect(inventory.status).toBe(200);
    const type33 = (inventory.body.types as Array<Record<string, unknown>>).find((t) => t.tipoeCF === "33")!;
    // 6–8 and 99–102 voided (accepted), 5 issued.
    expect(type33).toMatchObject({ issued: 1, voided: 7, highestIssued: e33(5) });

    const overlap = await call("POST", "/TesteCF/secuencias/autorizaciones", {
      body: { secuenciaDesde: e33(50), secuenciaHasta: e33(150), fechaAutorizacion: "01-01-2026" },
    });
    expect(overlap).toMatchObject({ status: 409, body: { code: "AUTHORIZATION_OVERLAP" } });
    const invalid = await call("POST", "/TesteCF/secuencias/autorizaciones", {
      body: { secuenciaDesde: "E3300", fechaAutorizacion: "2026-01-01" },
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
    expect((invalid.body.errors as unknown[]).length).toBe(3);

    const gaps = await call("GET", "/TesteCF/secuencias/huecos?limit=5");
    expect(gaps.status).toBe(200);
    expect(gaps.body.gaps).toEqual([]);
    expect(gaps.body.checks).toMatchObject({
      coverageMark: null,
      withheld: [{ reason: "NO_COVERAGE_MARK" }],
    });
    for (const [query, code] of [
      ["limit=0", "INVALID_LIMIT"],
      ["nextToken=zz", "INVALID_NEXT_TOKEN"],
      ["cierreDesde=E3", "INVALID_PARAMETER"],
    ] as const) {
      const answer = await call("GET", `/TesteCF/secuencias/huecos?${query}`);
      expect(answer).toMatchObject({ status: 400, body: { code } });
    }
  });
});
