import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";
import { waitForInFlight } from "../platform/ops/in-flight";
import { OFF_THREAD_MIN_BYTES } from "./prepare-off-thread";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { enforceTaxAuthMode, moveToDgii } from "@/lib/server/platform/taxauth/deployment-mode";
import { TaxAuthClient, taxAuthConfigFromEnv } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

let app: VoidTestApp;
let account: TestAccount;
let sequence = 0;

/** A fresh, never-used range of `count` sequences of type 31 (tests never collide in the ledger). */
function freshRange(count = 5, tipo = "31") {
  sequence += 1000;
  const from = String(sequence + 1).padStart(10, "0");
  const to = String(sequence + count).padStart(10, "0");
  return { secuenciaDesde: `E${tipo}${from}`, secuenciaHasta: `E${tipo}${to}` };
}

const post = (
  body: unknown,
  token = account.idToken,
  headers: Record<string, string> = {},
  env = "TesteCF",
) => app.call("POST", `/${env}/customer/void-ncf`, { token, body, headers });
const get = (query = "", token = account.idToken, env = "TesteCF") =>
  app.call("GET", `/${env}/customer/void-ncf${query}`, { token });
const anularrangoCalls = () => app.simulator.admin.callCounts().anularrango ?? 0;

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 1_500, responseTimeoutMs: 4_000 });
  account = await createTestAccount({ certificate: true });
  // One void of another company first: the first signing and the simulator's first XSD check are
  // cold (compiling, loading schemas), which on a loaded machine can pass the 1.5 s deadline the
  // tests below measure against.
  const warm = await createTestAccount({ certificate: true });
  await post({ ranges: [freshRange(1)] }, warm.idToken);
});

afterAll(async () => {
  await app?.close();
});

beforeEach(() => {
  app.simulator.admin.clearFaults();
});

describe("POST void-ncf: accepted", () => {
  it("answers 200 with the spec's body and stores an Aceptado record with the signed XML", async () => {
    const ranges = [freshRange(5), { ...freshRange(1, "32"), tipoeCF: "32" }];
    ranges[1]!.secuenciaHasta = ranges[1]!.secuenciaDesde;
    const response = await post({ ranges, fechaHoraAnulacion: "22-11-2026 08:30:00" });
    expect(response.status).toBe(200);
    const voidId = response.body.voidId as string;
    expect(voidId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(response.body).toEqual({
      message: expect.any(String),
      voidId,
      status: "Aceptado",
      rnc: account.auth.rnc,
      fechaHoraAnulacion: "22-11-2026 08:30:00",
      totalVoided: 6,
      ranges: [
        {
          tipoeCF: "31",
          secuenciaDesde: ranges[0]!.secuenciaDesde,
          secuenciaHasta: ranges[0]!.secuenciaHasta,
          cantidad: 5,
        },
        {
          tipoeCF: "32",
          secuenciaDesde: ranges[1]!.secuenciaDesde,
          secuenciaHasta: ranges[1]!.secuenciaDesde,
          cantidad: 1,
        },
      ],
      fileName: `${account.auth.rnc}ANECF${voidId}.xml`,
      taxauthResponse: { codigo: "1", nombre: "Aceptado", mensajes: [] },
      dgiiResponse: { codigo: "1", nombre: "Aceptado", mensajes: [] },
      // Extension: no motivo sent, none stored: null, never a default.
      motivo: null,
    });

    const record = await get(`?voidId=${voidId}`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      voidId,
      customerId: account.auth.rnc,
      status: "Aceptado",
      environment: "TesteCF",
      totalVoided: 6,
      taxauthCode: "1",
      taxauthName: "Aceptado",
      taxauthResponse: [],
      // MSeller ECF's names for the same fields.
      dgiiCode: "1",
      dgiiName: "Aceptado",
      dgiiResponse: [],
      fileName: `${account.auth.rnc}ANECF${voidId}.xml`,
      createdBy: expect.stringContaining(account.auth.email),
    });
    expect(record.body.createdAt).toEqual(expect.any(Number));
    expect(record.body.updateAt as number).toBeGreaterThanOrEqual(record.body.createdAt as number);

    const xml = await app.call("GET", `/TesteCF/customer/void-ncf/${voidId}/xml`, { token: account.idToken });
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toContain("application/xml");
    expect(xml.headers.get("content-disposition")).toContain(`${account.auth.rnc}ANECF${voidId}.xml`);
    expect(xml.text).toContain(`<RncEmisor>${account.auth.rnc}</RncEmisor>`);
    expect(verifyXmlSignature(xml.text).valid).toBe(true);
    expect(app.simulator.admin.voidedRanges("TesteCF", account.auth.rnc)).toEqual(
      expect.arrayContaining([{ from: ranges[0]!.secuenciaDesde, to: ranges[0]!.secuenciaHasta }]),
    );
  });
});

describe("POST void-ncf: rejected", () => {
  it("answers 422 with the authority's reasons and stores a Rechazado record", async () => {
    const range = freshRange(3);
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: account.auth.rnc,
      ranges: [{ from: range.secuenciaHasta, to: range.secuenciaHasta }],
    });
    const response = await post({ ranges: [range] });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: expect.any(String),
      voidId: expect.any(String),
      status: "Rechazado",
      totalVoided: 3,
      taxauthResponse: {
        codigo: "2",
        nombre: "Rechazado",
        mensajes: [expect.stringContaining("utilizadas")],
      },
      dgiiResponse: response.body.taxauthResponse,
      motivo: null,
    });
    const record = await get(`?voidId=${response.body.voidId as string}`);
    expect(record.body).toMatchObject({
      status: "Rechazado",
      taxauthCode: "2",
      taxauthResponse: [expect.any(String)],
      dgiiCode: "2",
      dgiiName: "Rechazado",
    });
    expect(record.body.dgiiResponse).toEqual(record.body.taxauthResponse);
  });
});

describe("POST void-ncf: validation and request errors never reach the authority", () => {
  it.each(
    [
      [{ ranges: [] }, "MISSING_RANGES"],
      [{ ranges: [{ secuenciaDesde: "E310000000001" }] }, "MISSING_SEQUENCE"],
      [
        { ranges: [{ secuenciaDesde: "E3100000001", secuenciaHasta: "E310000000001" }] },
        "INVALID_ENCF_LENGTH",
      ],
      [
        { ranges: [{ secuenciaDesde: "P310000000001", secuenciaHasta: "P310000000001" }] },
        "INVALID_ENCF_FORMAT",
      ],
      [{ ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "F310000000001" }] }, "SERIE_MISMATCH"],
      [{ ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E320000000001" }] }, "TIPO_MISMATCH"],
      [
        { ranges: [{ secuenciaDesde: "E990000000001", secuenciaHasta: "E990000000001" }] },
        "INVALID_TIPO_ECF",
      ],
      [
        { ranges: [{ secuenciaDesde: "E310000000000", secuenciaHasta: "E310000000000" }] },
        "INVALID_SEQUENCE",
      ],
      [
        { ranges: [{ secuenciaDesde: "E310000000009", secuenciaHasta: "E310000000001" }] },
        "INVALID_RANGE_ORDER",
      ],
      [
        {
          ranges: [
            { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000009" },
            { secuenciaDesde: "E310000000005", secuenciaHasta: "E310000000005" },
          ],
        },
        "OVERLAPPING_RANGES",
      ],
      [
        {
          ranges: Array.from({ length: 10_001 }, (_, i) => {
            const n = `E31${String(i + 1).padStart(10, "0")}`;
            return { secuenciaDesde: n, secuenciaHasta: n };
          }),
        },
        "TOO_MANY_RANGES",
      ],
      [
        {
          ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000001" }],
          fechaHoraAnulacion: "31-02-2026 10:00:00",
        },
        "INVALID_FECHA",
      ],
    ].map(([body, code]) => [code, body] as const),
  )("400 %s with errors[], nothing stored or sent", async (code, body) => {
    const callsBefore = anularrangoCalls();
    const listBefore = await get("?limit=100");
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code,
      message: expect.any(String),
      errors: [expect.objectContaining({ code })],
    });
    expect(anularrangoCalls()).toBe(callsBefore);
    expect((await get("?limit=100")).body.items).toEqual(listBefore.body.items);
  });

  it("an empty body → 400 EMPTY_BODY; not JSON → 400 INVALID_JSON; too large → 413", async () => {
    const empty = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      rawBody: "",
    });
    expect(empty).toMatchObject({ status: 400, body: { code: "EMPTY_BODY" } });
    const notJson = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      rawBody: "{ranges",
    });
    expect(notJson).toMatchObject({ status: 400, body: { code: "INVALID_JSON" } });
    const huge = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      rawBody: JSON.stringify({ ranges: [], pad: "x".repeat(17 * 1024 * 1024) }),
    });
    expect(huge).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
  });

  it("no token, a bad token → 401 UNAUTHORIZED; an unknown environment → JSON 404", async () => {
    const body = { ranges: [freshRange()] };
    expect(await post(body, "")).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    expect(await post(body, "not-a-jwt")).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    expect(await post(body, account.idToken, {}, "Produccion")).toMatchObject({
      status: 404,
      body: { code: "ENVIRONMENT_NOT_FOUND" },
    });
    expect(await get("", account.idToken, "testecf")).toMatchObject({ status: 404 });
  });

  it("an account without an active certificate → 412 CERTIFICATE_NOT_CONFIGURED, nothing stored", async () => {
    const noCert = await createTestAccount();
    const response = await post({ ranges: [freshRange()] }, noCert.idToken);
    expect(response).toMatchObject({ status: 412, body: { code: "CERTIFICATE_NOT_CONFIGURED" } });
    expect((await get("", noCert.idToken)).body.items).toEqual([]);
    // Validation comes first: a bad body is a 400 even without a certificate.
    const invalid = await post(
      { ranges: [{ secuenciaDesde: "E310000000009", secuenciaHasta: "E310000000001" }] },
      noCert.idToken,
    );
    expect(invalid).toMatchObject({ status: 400, body: { code: "INVALID_RANGE_ORDER" } });
  });
});

describe("POST void-ncf: failures in transit are stored as Error, never lost", () => {
  it("authentication failure → 502 TAXAUTH_AUTH_ERROR with voidId; record Error", async () => {
    const other = await createTestAccount({ certificate: true }); // no cached DGII token yet
    app.simulator.admin.injectFault({ service: "semilla", mode: "status", status: 503 });
    const response = await post({ ranges: [freshRange()] }, other.idToken);
    expect(response).toMatchObject({ status: 502, body: { code: "TAXAUTH_AUTH_ERROR", status: "Error" } });
    const record = await get(`?voidId=${response.body.voidId as string}`, other.idToken);
    expect(record.body).toMatchObject({ status: "Error", errorCode: "TAXAUTH_AUTH_ERROR" });
  });

  it.each([
    ["drop-before", {}],
    ["status", { status: 500 }],
    ["status", { status: 503 }],
    ["malformed-json", {}],
    ["html", {}],
    ["hang", {}],
  ] as const)("anularrango fault %s %j → 502 TAXAUTH_VOID_ERROR, record Error", async (mode, extra) => {
    app.simulator.admin.injectFault({ service: "anularrango", mode, ...extra });
    const response = await post({ ranges: [freshRange()] });
    expect(response).toMatchObject({ status: 502, body: { code: "TAXAUTH_VOID_ERROR", status: "Error" } });
    await waitForInFlight(10_000);
    const record = await get(`?voidId=${response.body.voidId as string}`);
    expect(record.body).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR" });
  });

  it("drop after the authority recorded the void → Error (not Rechazado); fetchable by voidId", async () => {
    const range = freshRange(2);
    app.simulator.admin.injectFault({ service: "anularrango", mode: "drop-after" });
    const response = await post({ ranges: [range] });
    expect(response).toMatchObject({ status: 502, body: { code: "TAXAUTH_VOID_ERROR", status: "Error" } });
    const record = await get(`?voidId=${response.body.voidId as string}`);
    expect(record.body).toMatchObject({ status: "Error" });
    expect(app.simulator.admin.voidedRanges("TesteCF", account.auth.rnc)).toEqual(
      expect.arrayContaining([{ from: range.secuenciaDesde, to: range.secuenciaHasta }]),
    );
  });

  it("an answer after the deadline → 502 first, then the record moves from Error to Aceptado", async () => {
    app.simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 2_500 });
    const response = await post({ ranges: [freshRange()] });
    expect(response).toMatchObject({ status: 502, body: { code: "TAXAUTH_VOID_ERROR", status: "Error" } });
    const voidId = response.body.voidId as string;
    expect((await get(`?voidId=${voidId}`)).body).toMatchObject({ status: "Error" });
    await waitForInFlight(10_000);
    expect((await get(`?voidId=${voidId}`)).body).toMatchObject({ status: "Aceptado", taxauthCode: "1" });
  });
});

describe("extensions: Idempotency-Key and ALREADY_VOIDED", () => {
  it("same key and body → the stored outcome, nothing sent again; other body → 409", async () => {
    const body = { ranges: [freshRange()] };
    const key = `key-${Date.now()}`;
    const first = await post(body, account.idToken, { "idempotency-key": key });
    expect(first.status).toBe(200);
    const calls = anularrangoCalls();
    const again = await post(JSON.parse(JSON.stringify(body)), account.idToken, { "idempotency-key": key });
    expect(again).toMatchObject({ status: 200, body: { voidId: first.body.voidId, status: "Aceptado" } });
    expect(anularrangoCalls()).toBe(calls);
    const other = await post({ ranges: [freshRange()] }, account.idToken, { "idempotency-key": key });
    expect(other).toMatchObject({
      status: 409,
      body: { code: "IDEMPOTENCY_KEY_REUSED", voidId: first.body.voidId },
    });
  });

  it("a rejected outcome replays as 422 with the same voidId", async () => {
    const range = freshRange(1);
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: account.auth.rnc,
      ranges: [{ from: range.secuenciaDesde, to: range.secuenciaHasta }],
    });
    const key = `rej-${Date.now()}`;
    const first = await post({ ranges: [range] }, account.idToken, { "idempotency-key": key });
    expect(first.status).toBe(422);
    const again = await post({ ranges: [range] }, account.idToken, { "idempotency-key": key });
    expect(again).toMatchObject({ status: 422, body: { voidId: first.body.voidId, status: "Rechazado" } });
  });

  it("a range overlapping an accepted void → 409 ALREADY_VOIDED naming it; nothing sent", async () => {
    const range = freshRange(10);
    const first = await post({ ranges: [range] });
    expect(first.status).toBe(200);
    const calls = anularrangoCalls();
    const inner = { secuenciaDesde: range.secuenciaHasta, secuenciaHasta: range.secuenciaHasta };
    const second = await post({ ranges: [freshRange(), inner] });
    expect(second).toMatchObject({
      status: 409,
      body: { code: "ALREADY_VOIDED", voidId: first.body.voidId, line: 2 },
    });
    expect(second.body.message).toContain(first.body.voidId as string);
    expect(anularrangoCalls()).toBe(calls);
  });

  it("an Error void does not block a new request for the same range", async () => {
    const range = freshRange();
    app.simulator.admin.injectFault({ service: "anularrango", mode: "drop-before" });
    expect((await post({ ranges: [range] })).status).toBe(502);
    expect((await post({ ranges: [range] })).status).toBe(200);
  });
});

describe("large requests (prepared on a worker thread)", () => {
  /** `count` fresh single-sequence ranges alternating types 31 and 32: ~68 bytes of JSON each. */
  function freshRanges(count: number) {
    sequence += 100_000;
    return Array.from({ length: count }, (_, i) => {
      const tipo = i % 2 === 0 ? "31" : "32";
      const n = `E${tipo}${String(sequence + i).padStart(10, "0")}`;
      return { secuenciaDesde: n, secuenciaHasta: n };
    });
  }

  it("5,000 ranges → 200 with every range, stored and signed as for a small one; replays by key", async () => {
    const ranges = freshRanges(5_000);
    expect(JSON.stringify({ ranges }).length).toBeGreaterThan(OFF_THREAD_MIN_BYTES);
    const calls = anularrangoCalls();
    const response = await post({ ranges }, account.idToken, { "Idempotency-Key": "large-1" });
    expect(response.status).toBe(200);
    const expected = ranges.map((range) => ({
      tipoeCF: range.secuenciaDesde.slice(1, 3),
      ...range,
      cantidad: 1,
    }));
    expect(response.body).toMatchObject({ status: "Aceptado", totalVoided: 5_000, ranges: expected });
    expect(anularrangoCalls()).toBe(calls + 1);

    const stored = await get(`?voidId=${String(response.body.voidId)}`);
    expect(stored.body).toMatchObject({ status: "Aceptado", ranges: expected });
    const listed = await get("?limit=1");
    expect(listed.body.items).toEqual([stored.body]);
    const xml = await app.call("GET", `/TesteCF/customer/void-ncf/${String(response.body.voidId)}/xml`, {
      token: account.idToken,
    });
    expect(verifyXmlSignature(xml.text).valid).toBe(true);

    const replay = await post({ ranges }, account.idToken, { "Idempotency-Key": "large-1" });
    expect(replay).toMatchObject({ status: 200, body: { voidId: response.body.voidId, ranges: expected } });
    const reused = await post({ ranges: freshRanges(5_000) }, account.idToken, {
      "Idempotency-Key": "large-1",
    });
    expect(reused).toMatchObject({ status: 409, body: { code: "IDEMPOTENCY_KEY_REUSED" } });
    expect(anularrangoCalls()).toBe(calls + 1);
  });

  it("ALREADY_VOIDED names the line of a large request that overlaps an accepted void", async () => {
    const earlier = freshRange(3);
    expect((await post({ ranges: [earlier] })).status).toBe(200);
    const ranges = freshRanges(5_000);
    ranges[4_320] = { secuenciaDesde: earlier.secuenciaHasta, secuenciaHasta: earlier.secuenciaHasta };
    const calls = anularrangoCalls();
    const response = await post({ ranges });
    expect(response).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", line: 4_321 } });
    expect(anularrangoCalls()).toBe(calls);
  });

  it("a large body that is not JSON → 400 INVALID_JSON", async () => {
    const response = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      rawBody: `{"ranges": [${" ".repeat(OFF_THREAD_MIN_BYTES)}`,
    });
    expect(response).toMatchObject({ status: 400, body: { code: "INVALID_JSON" } });
  });
});

describe("GET void-ncf: list, filters, paging", () => {
  let lister: TestAccount;
  const ids: string[] = [];

  beforeAll(async () => {
    lister = await createTestAccount({ certificate: true });
    for (let i = 0; i < 7; i++) {
      const response = await post({ ranges: [freshRange(1)] }, lister.idToken);
      ids.push(response.body.voidId as string);
    }
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: lister.auth.rnc,
      ranges: [{ from: "E310999999990", to: "E310999999990" }],
    });
    const rejected = await post(
      { ranges: [{ secuenciaDesde: "E310999999990", secuenciaHasta: "E310999999990" }] },
      lister.idToken,
    );
    ids.push(rejected.body.voidId as string);
  });

  it("pages newest first with an opaque nextToken, absent on the last page", async () => {
    const first = await get("?limit=3", lister.idToken);
    expect(first.status).toBe(200);
    expect(first.body.metadata).toEqual({ itemsPerPage: 3 });
    const seen: string[] = [];
    let page = first;
    for (;;) {
      seen.push(...(page.body.items as Array<{ voidId: string }>).map((item) => item.voidId));
      if (!page.body.nextToken) break;
      page = await get(
        `?limit=3&nextToken=${encodeURIComponent(page.body.nextToken as string)}`,
        lister.idToken,
      );
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("default limit 25; filters by status and createdAt range (inclusive)", async () => {
    expect((await get("", lister.idToken)).body.metadata).toEqual({ itemsPerPage: 25 });
    const rejected = await get("?status=Rechazado", lister.idToken);
    expect((rejected.body.items as unknown[]).length).toBe(1);
    const all = (await get("?limit=100", lister.idToken)).body.items as Array<{
      voidId: string;
      createdAt: number;
    }>;
    const middle = all[3]!;
    const from = await get(`?fromDate=${middle.createdAt}&limit=100`, lister.idToken);
    expect(
      (from.body.items as Array<{ createdAt: number }>).every((item) => item.createdAt >= middle.createdAt),
    ).toBe(true);
    const to = await get(`?toDate=${middle.createdAt}&limit=100`, lister.idToken);
    expect((to.body.items as Array<{ voidId: string }>).map((item) => item.voidId)).toContain(middle.voidId);
  });

  it("new voids arriving do not shift a page in progress", async () => {
    const first = await get("?limit=2", lister.idToken);
    await post({ ranges: [freshRange(1)] }, lister.idToken);
    const second = await get(
      `?limit=2&nextToken=${encodeURIComponent(first.body.nextToken as string)}`,
      lister.idToken,
    );
    const firstIds = (first.body.items as Array<{ voidId: string }>).map((i) => i.voidId);
    const secondIds = (second.body.items as Array<{ voidId: string }>).map((i) => i.voidId);
    expect(secondIds.some((id) => firstIds.includes(id))).toBe(false);
  });

  it.each([
    ["?limit=0", "INVALID_LIMIT"],
    ["?limit=101", "INVALID_LIMIT"],
    ["?limit=abc", "INVALID_LIMIT"],
    ["?status=Pendiente", "INVALID_STATUS"],
    ["?fromDate=ayer", "INVALID_DATE"],
    ["?fromDate=10&toDate=5", "INVALID_DATE"],
    ["?nextToken=garbage", "INVALID_NEXT_TOKEN"],
  ])("%s → 400 %s", async (query, code) => {
    expect(await get(query, lister.idToken)).toMatchObject({ status: 400, body: { code } });
  });

  it("an unknown voidId → 404 VOID_NOT_FOUND", async () => {
    expect(await get("?voidId=0190a6c3-0000-7000-8000-000000000000", lister.idToken)).toMatchObject({
      status: 404,
      body: { code: "VOID_NOT_FOUND" },
    });
  });

  it("isolation: another account never sees, fetches or downloads them; other environments never list them", async () => {
    const stranger = await createTestAccount({ certificate: true });
    expect((await get("?limit=100", stranger.idToken)).body.items).toEqual([]);
    expect((await get(`?voidId=${ids[0]}`, stranger.idToken)).status).toBe(404);
    const download = await app.call("GET", `/TesteCF/customer/void-ncf/${ids[0]}/xml`, {
      token: stranger.idToken,
    });
    expect(download.status).toBe(404);
    expect((await get("?limit=100", lister.idToken, "eCF")).body.items).toEqual([]);
    expect((await get(`?voidId=${ids[0]}`, lister.idToken, "CerteCF")).status).toBe(404);
  });
});

describe("Idempotency-Key while the first request is still sending", () => {
  it("a duplicate Idempotency-Key request that arrives while the first is sending waits and answers the same", async () => {
    app.simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 700, count: 1 });
    const body = { ranges: [freshRange(1)] };
    const calls = anularrangoCalls();
    const key = `in-flight-${Date.now()}`;
    const first = post(body, account.idToken, { "idempotency-key": key });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the first is now waiting on the authority
    const duplicates = await Promise.all(
      Array.from({ length: 8 }, () => post(body, account.idToken, { "idempotency-key": key })),
    );
    const original = await first;
    expect(original.status).toBe(200);
    for (const duplicate of duplicates) {
      expect(duplicate.status).toBe(200);
      expect(duplicate.body).toEqual(original.body);
    }
    expect(anularrangoCalls()).toBe(calls + 1);
  });

  it("a duplicate waits no longer than the deadline, then answers what the first answered at its deadline", async () => {
    app.simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 3_500, count: 1 });
    const body = { ranges: [freshRange(1)] };
    const key = `slow-${Date.now()}`;
    const first = post(body, account.idToken, { "idempotency-key": key });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const duplicate = await post(body, account.idToken, { "idempotency-key": key });
    // It answers around the first's deadline (1.5 s), well before the authority's answer (3.5 s).
    expect(Date.now() - started).toBeLessThan(3_000);
    const original = await first;
    expect(original.status).toBe(502);
    expect(duplicate.status).toBe(502);
    expect(duplicate.body).toMatchObject({ code: "TAXAUTH_VOID_ERROR", voidId: original.body.voidId });
    await waitForInFlight(10_000);
    expect((await post(body, account.idToken, { "idempotency-key": key })).status).toBe(200);
  });
});

describe("concurrency", () => {
  // 50 voids at once queue at the simulator (XSD + signature each): allow them the production deadline
  // and DGII's production answer time.
  beforeAll(() => {
    setEnvForTests({ VOID_DEADLINE_MS: "25000" });
    setTaxAuthClient(
      new TaxAuthClient(
        taxAuthConfigFromEnv(
          { TAXAUTH_RESPONSE_TIMEOUT_MS: "25000" } as unknown as NodeJS.ProcessEnv,
          app.simulator.url,
        ),
      ),
    );
  });
  afterAll(() => {
    setEnvForTests({ VOID_DEADLINE_MS: "1500" });
    setTaxAuthClient(app.client);
  });

  it("50 concurrent voids → 50 records with 50 distinct voidIds", async () => {
    const many = await createTestAccount({ certificate: true });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post({ ranges: [freshRange(1)] }, many.idToken)),
    );
    expect(responses.filter((r) => r.status !== 200).map((r) => r.body.detail)).toEqual([]);
    const voidIds = new Set(responses.map((r) => r.body.voidId));
    expect(voidIds.size).toBe(50);
    const listed = (await get("?limit=100", many.idToken)).body.items as Array<{ voidId: string }>;
    expect(new Set(listed.map((i) => i.voidId))).toEqual(voidIds);
  });

  it("concurrent retries with one Idempotency-Key send once", async () => {
    const body = { ranges: [freshRange(1)] };
    const calls = anularrangoCalls();
    const key = `race-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post(body, account.idToken, { "idempotency-key": key })),
    );
    expect(new Set(responses.map((r) => r.body.voidId)).size).toBe(1);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(anularrangoCalls()).toBe(calls + 1);
  });
});

describe("GET void-ncf?voidId=: simulado", () => {
  it("marks the simulator's answers simulated, before and after the deployment moved to DGII", async () => {
    const simulatedOf = async (voidId: string) => (await get(`?voidId=${voidId}`)).body.simulado;
    try {
      await enforceTaxAuthMode(app.db.prisma, "simulator");
      const before = await post({ ranges: [freshRange(1)], fechaHoraAnulacion: "22-11-2026 08:30:00" });
      expect(before.body.status).toBe("Aceptado");
      // The answer itself names the simulator where it would name DGII.
      expect(before.body.message).toBe(
        "SIMULADO: Anulación aceptada por el simulador de la DGII: las secuencias ya no pueden emitirse.",
      );
      expect(await simulatedOf(before.body.voidId as string)).toBe(true);

      await moveToDgii(app.db.prisma, Date.now() + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      // The test double still answers here; what counts is the moment: made after the move is DGII's.
      const after = await post({ ranges: [freshRange(1)], fechaHoraAnulacion: "22-11-2026 08:31:00" });
      expect(await simulatedOf(before.body.voidId as string)).toBe(true);
      expect(await simulatedOf(after.body.voidId as string)).toBe(false);
      expect(after.body.message).toBe(
        "Anulación aceptada por la DGII: las secuencias ya no pueden emitirse.",
      );
    } finally {
      await app.db.prisma.deploymentSetting.deleteMany();
    }
  });
});
