import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import * as importRoute from "@/app/[environment]/documentos-ecf/import/route";
import * as inventoryRoute from "@/app/[environment]/secuencias/route";
import * as gapsRoute from "@/app/[environment]/secuencias/huecos/route";
import * as authorizationsRoute from "@/app/[environment]/secuencias/autorizaciones/route";

/**
 * The ledger through the real routes: the pre-void check (a reproduction from a review: E33…5 imported as
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

describe("what counts as used, the order of the checks, and a partial success", () => {
  const e41 = (n: number) => `E41${String(n).padStart(10, "0")}`;
  const type41 = async () => {
    const inventory = await call("GET", "/TesteCF/secuencias");
    expect(inventory.status).toBe(200);
    return (inventory.body.types as Array<Record<string, unknown>>).find((t) => t.tipoeCF === "41");
  };
  const voidOf = (desde: number, hasta: number, headers?: Record<string, string>) =>
    app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: e41(desde), secuenciaHasta: e41(hasta) }] },
      headers,
    });
  const importAs = (documents: unknown[]) =>
    call("POST", "/TesteCF/documentos-ecf/import", {
      headers: { "x-api-key": account.apiKey! },
      body: { documents },
    });

  it("a Rechazado with secuenciaUtilizada=false is not used: not counted in /secuencias, voided without SEQUENCE_USED", async () => {
    const rejected = (ncf: string, secuenciaUtilizada: boolean) => ({
      ncf,
      status: "Rechazado",
      taxauthResponse: [{ trackId: `t-${ncf}`, codigo: 2, estado: "Rechazado", secuenciaUtilizada }],
    });
    const imported = await importAs([rejected(e41(500), false), rejected(e41(501), true)]);
    expect(imported.body).toMatchObject({ created: 2, invalid: 0 });
    expect(await type41()).toMatchObject({ issued: 1, highestIssued: e41(501) });
    const reusable = await voidOf(500, 500);
    expect(reusable.status).toBe(200);
    expect(reusable.body.status).toBe("Aceptado");
    const used = await voidOf(501, 501);
    expect(used).toMatchObject({ status: 409, body: { code: "SEQUENCE_USED", numbers: [e41(501)] } });
  });

  it("an idempotent replay beats SEQUENCE_USED, and ALREADY_VOIDED beats it too", async () => {
    const first = await voidOf(600, 602, { "idempotency-key": "h18-replay-600" });
    expect(first.status).toBe(200);
    // The number is imported as issued only after it was voided (an ERP's late push).
    expect((await importAs([{ ncf: e41(601), status: "Aceptado" }])).body).toMatchObject({ created: 1 });
    const sent = voids();
    const replay = await voidOf(600, 602, { "idempotency-key": "h18-replay-600" });
    expect(replay.status).toBe(200);
    expect(replay.body.voidId).toBe(first.body.voidId);
    const again = await voidOf(600, 602);
    expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", voidId: first.body.voidId } });
    expect(voids()).toBe(sent);
  });

  it("SEQUENCE_USED beats a missing certificate (412)", async () => {
    const noCertificate = await createTestAccount({ apiKey: true });
    const response = await fetch(`${ledger.url}/TesteCF/documentos-ecf/import`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${noCertificate.idToken}`,
        "x-api-key": noCertificate.apiKey!,
        "content-type": "application/json",
      },
      body: JSON.stringify({ documents: [{ ncf: e41(700), status: "Aceptado" }] }),
    });
    expect(response.status).toBe(200);
    const send = (n: number) =>
      app.call("POST", "/TesteCF/customer/void-ncf", {
        token: noCertificate.idToken,
        body: { ranges: [{ secuenciaDesde: e41(n), secuenciaHasta: e41(n) }] },
      });
    expect(await send(700)).toMatchObject({ status: 409, body: { code: "SEQUENCE_USED" } });
    expect(await send(701)).toMatchObject({ status: 412 });
  });

  it("a partial success counts in /secuencias only what DGII voided", async () => {
    const before = ((await type41())?.voided as number) ?? 0;
    app.simulator.admin.setDialect("partial");
    try {
      // Nothing registered as issued at DGII: the simulator excepts the range's last number.
      const partial = await voidOf(800, 804);
      expect(partial.status).toBe(200);
      expect(partial.body).toMatchObject({ status: "Aceptado", totalVoided: 4, totalExcepted: 1 });
    } finally {
      app.simulator.admin.reset();
    }
    expect(await type41()).toMatchObject({ voided: before + 4 });
    // The excepted number is not voided: a void of it alone is not ALREADY_VOIDED.
    expect((await voidOf(804, 804)).status).toBe(200);
  });
});
