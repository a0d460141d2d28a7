import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createApiKey, revokeApiKey } from "@/lib/server/auth";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { contextOf, documentHeaders, importEntry, jsonPost } from "@/lib/server/documents/test-support";
import { getCoverageMark } from "@/lib/server/ledger";

import { POST as IMPORT } from "./import/route";
import { GET } from "./route";
import { POST as BATCH } from "./status/batch/route";

let database: TestDatabase;
let a: TestAccount;
let b: TestAccount;

const BASE = "http://localhost";

/** Response bodies are checked field by field below; typing each shape would only repeat the asserts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = Record<string, any>;

async function importAs(account: TestAccount, environment: string, documents: unknown[]) {
  const response = await IMPORT(
    jsonPost(`${BASE}/${environment}/documentos-ecf/import`, account, { documents }),
    contextOf(environment),
  );
  return { status: response.status, body: (await response.json()) as JsonBody };
}

async function getOne(account: Partial<TestAccount> | null, environment: string, query: string) {
  const request = new Request(`${BASE}/${environment}/documentos-ecf${query}`, {
    headers: documentHeaders(account as TestAccount | null),
  });
  const response = await GET(request, contextOf(environment));
  return { status: response.status, body: (await response.json()) as JsonBody };
}

async function batch(account: Partial<TestAccount> | null, environment: string, body: unknown) {
  const response = await BATCH(
    jsonPost(`${BASE}/${environment}/documentos-ecf/status/batch`, account as TestAccount | null, body),
    contextOf(environment),
  );
  return { status: response.status, body: (await response.json()) as JsonBody };
}

beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestAccount({ rnc: "130000011", apiKey: true });
  b = await createTestAccount({ rnc: "130000022", apiKey: true });
  const imported = await importAs(a, "TesteCF", [
    importEntry("E310000000001"),
    importEntry("E310000000002", { status: "Rechazado" }),
    importEntry("E320000000001", { invoiceTotal: 1500.5, summarySignedXml: "rfce/E320000000001.xml" }),
    importEntry("E340000000001", { status: "Aceptado Condicional", trackId: undefined }),
  ]);
  expect(imported.status).toBe(200);
  expect((await importAs(a, "eCF", [importEntry("E310000000099")])).status).toBe(200);
  expect((await importAs(b, "TesteCF", [importEntry("E310000000050")])).status).toBe(200);
});
afterAll(async () => database?.dispose());

describe("GET /{environment}/documentos-ecf", () => {
  it("answers the spec's single record with every field", async () => {
    const { status, body } = await getOne(a, "TesteCF", "?ecf=E310000000001");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        "fileName",
        "updateAt",
        "customerReceivedAt",
        "documentType",
        "customerResponse",
        "status",
        "taxauthResponse",
        "dgiiResponse",
        "createdAt",
        "securityCode",
        "signedXml",
        "ncf",
        "internalTrackId",
        "customerReceived",
        "qr_url",
        "customerId",
        // Extensions: where the record came from, when DGII was last asked, whether a person must decide.
        "source",
        "checkedAt",
        "reviewReason",
      ].sort(),
    );
    expect(body).toMatchObject({
      source: "imported",
      ncf: "E310000000001",
      status: "Aceptado",
      customerId: "130000011",
      fileName: "130000011E310000000001.xml",
      documentType: "Factura de Crédito Fiscal Electrónica",
      securityCode: "a+B/9z",
      signedXml: "signed/E310000000001.xml",
      customerReceived: null,
    });
    expect(body.taxauthResponse).toEqual([
      JSON.stringify({ trackId: "track-E310000000001", error: "", mensaje: "" }),
    ]);
    expect(JSON.parse(body.taxauthResponse[0])).toMatchObject({ trackId: "track-E310000000001" });
    expect(body.dgiiResponse).toEqual(body.taxauthResponse); // MSeller ECF's name, same value
    expect(body.createdAt).toEqual(expect.any(Number));
    expect(body.internalTrackId).toEqual(expect.any(String));
    const qr = new URL(body.qr_url);
    expect(qr.origin + qr.pathname).toBe("https://ecf.dgii.gov.do/testecf/consultatimbre");
    expect(Object.fromEntries(qr.searchParams)).toEqual({
      rncemisor: "130000011",
      rnccomprador: "101000001",
      encf: "E310000000001",
      fechaemision: "01-04-2026",
      montototal: "1180.00",
      fechafirma: "01-04-2026 10:15:30",
      codigoseguridad: "a+B/9z",
    });
  });

  it("answers 404 DOCUMENT_NOT_FOUND for an unknown e-NCF", async () => {
    const { status, body } = await getOne(a, "TesteCF", "?ecf=E310000000777");
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "DOCUMENT_NOT_FOUND", message: expect.any(String) });
  });

  it.each([
    ["", "MISSING_ECF"],
    ["?ecf=", "MISSING_ECF"],
    ["?ecf=E31000000001", "INVALID_ECF"],
    ["?ecf=P310000000001", "INVALID_ECF"],
    ["?ecf=E990000000001", "INVALID_ECF"],
    ["?ecf=E310000000000", "INVALID_ECF"],
    // A repeated parameter is refused for every endpoint alike (request-input.ts).
    ["?ecf=E310000000001&ecf=E310000000002", "INVALID_PARAMETER"],
  ])("answers 400 for %j (%s)", async (query, code) => {
    const { status, body } = await getOne(a, "TesteCF", query);
    expect(status).toBe(400);
    expect(body.code).toBe(code);
  });

  it("never shows another account's document, nor another environment's", async () => {
    expect((await getOne(b, "TesteCF", "?ecf=E310000000001")).status).toBe(404);
    expect((await getOne(a, "TesteCF", "?ecf=E310000000050")).status).toBe(404);
    expect((await getOne(a, "TesteCF", "?ecf=E310000000099")).status).toBe(404);
    expect((await getOne(a, "CerteCF", "?ecf=E310000000001")).status).toBe(404);
    expect((await getOne(a, "eCF", "?ecf=E310000000099")).body.ncf).toBe("E310000000099");
  });

  it("answers 404 ENVIRONMENT_NOT_FOUND for an unknown environment", async () => {
    const { status, body } = await getOne(a, "prod", "?ecf=E310000000001");
    expect(status).toBe(404);
    expect(body.code).toBe("ENVIRONMENT_NOT_FOUND");
  });
});

describe("authentication of the document endpoints", () => {
  const cases: Array<[string, () => Partial<TestAccount> | null, number, string]> = [
    ["no token", () => null, 401, "UNAUTHORIZED"],
    ["a forged token", () => ({ idToken: "a.b.c", apiKey: a.apiKey }), 401, "UNAUTHORIZED"],
    // 403, not 401: a client that signs in again on 401 would loop on a bad key (MSeller answers 403).
    ["no API key", () => ({ idToken: a.idToken }), 403, "INVALID_API_KEY"],
    ["an unknown API key", () => ({ idToken: a.idToken, apiKey: "anula_nope" }), 403, "INVALID_API_KEY"],
    ["B's key with A's token", () => ({ idToken: a.idToken, apiKey: b.apiKey }), 403, "FORBIDDEN"],
  ];

  it.each(cases)("single: %s → %i %s", async (_case, who, status, code) => {
    const answer = await getOne(who(), "TesteCF", "?ecf=E310000000001");
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
  });

  it.each(cases)("batch: %s → %i %s", async (_case, who, status, code) => {
    const answer = await batch(who(), "TesteCF", { ecfs: ["E310000000001"] });
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(JSON.stringify(answer.body)).not.toContain("E310000000001");
  });

  it("refuses a revoked key", async () => {
    const key = await createApiKey(a.auth.accountId, "temporary");
    expect(
      (await getOne({ idToken: a.idToken, apiKey: key.key }, "TesteCF", "?ecf=E310000000001")).status,
    ).toBe(200);
    await revokeApiKey(a.auth.accountId, key.id);
    const { status, body } = await getOne(
      { idToken: a.idToken, apiKey: key.key },
      "TesteCF",
      "?ecf=E310000000001",
    );
    expect([status, body.code]).toEqual([403, "INVALID_API_KEY"]);
  });
});

describe("API keys limited to one environment", () => {
  it("work in their environment only: elsewhere 403 API_KEY_WRONG_ENVIRONMENT on all three endpoints", async () => {
    const eCFOnly = {
      idToken: a.idToken,
      apiKey: (await createApiKey(a.auth.accountId, "eCF", { environment: "eCF" })).key,
    };
    expect((await getOne(eCFOnly, "eCF", "?ecf=E310000000099")).body.ncf).toBe("E310000000099");
    expect((await batch(eCFOnly, "eCF", { ecfs: ["E310000000099"] })).status).toBe(200);

    const single = await getOne(eCFOnly, "TesteCF", "?ecf=E310000000001");
    expect([single.status, single.body.code]).toEqual([403, "API_KEY_WRONG_ENVIRONMENT"]);
    expect(single.body.message).toMatch(/eCF.*TesteCF/);
    const listed = await batch(eCFOnly, "CerteCF", { ecfs: ["E310000000001"] });
    expect([listed.status, listed.body.code]).toEqual([403, "API_KEY_WRONG_ENVIRONMENT"]);
    const imported = await importAs(eCFOnly as TestAccount, "TesteCF", [importEntry("E310000000777")]);
    expect([imported.status, imported.body.code]).toEqual([403, "API_KEY_WRONG_ENVIRONMENT"]);
    expect((await getOne(a, "TesteCF", "?ecf=E310000000777")).status).toBe(404); // nothing imported
  });

  it("a key for all environments works in each", async () => {
    for (const environment of ["TesteCF", "CerteCF", "eCF"]) {
      expect((await batch(a, environment, { ecfs: ["E310000000001"] })).status).toBe(200);
    }
  });
});

describe("POST /{environment}/documentos-ecf/status/batch", () => {
  it("answers every entry in request order, duplicates each time, malformed as not found", async () => {
    const ecfs = [
      "E320000000001",
      "E310000000777",
      "E310000000001",
      "garbage",
      "E310000000002",
      "E310000000001",
      "E310000000050",
      "E340000000001",
    ];
    const { status, body } = await batch(a, "TesteCF", { ecfs });
    expect(status).toBe(200);
    expect(body.total).toBe(8);
    expect(body.results.map((r: { ecf: string }) => r.ecf)).toEqual(ecfs);
    expect(body.results.map((r: { status: string; found: boolean }) => [r.found, r.status])).toEqual([
      [true, "Aceptado"],
      [false, "No encontrado"],
      [true, "Aceptado"],
      [false, "No encontrado"],
      [true, "Rechazado"],
      [true, "Aceptado"],
      [false, "No encontrado"], // B's document
      [true, "Aceptado Condicional"],
    ]);
    for (const result of body.results) {
      if (!result.found) expect(result).not.toHaveProperty("data");
    }
    const consumer = body.results[0].data;
    expect(consumer).toMatchObject({
      ncf: "E320000000001",
      invoiceTotal: 1500.5,
      summarySignedXml: "rfce/E320000000001.xml",
      buyerRnc: "101000001",
      secretId: "secret-E320000000001",
      customerId: "130000011",
      documentType: "Factura de Consumo Electrónica",
    });
    expect(consumer.qr_url).toBe(
      "https://ecf.dgii.gov.do/testecf/consultatimbrefc?rncemisor=130000011&encf=E320000000001" +
        "&montototal=1500.50&codigoseguridad=a%2BB%2F9z",
    );
    expect(consumer).not.toHaveProperty("customerReceived");
    const invoice = body.results[2].data;
    expect(invoice).not.toHaveProperty("summarySignedXml");
    expect(invoice.taxauthResponse).toEqual([expect.any(String)]);
    expect(invoice.dgiiResponse).toEqual(invoice.taxauthResponse);
    expect(body.results[5].data).toEqual(invoice);
  });

  it("answers 100 entries and refuses 101 with TOO_MANY_ECFS", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `E31${String(i + 1).padStart(10, "0")}`);
    const ok = await batch(a, "TesteCF", { ecfs: hundred });
    expect(ok.status).toBe(200);
    expect(ok.body.results).toHaveLength(100);
    expect(ok.body.results.filter((r: { found: boolean }) => r.found)).toHaveLength(2);
    const tooMany = await batch(a, "TesteCF", { ecfs: [...hundred, "E310000000001"] });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, "TOO_MANY_ECFS"]);
  });

  it.each([
    [{ ecfs: [] }, "MISSING_ECFS"],
    [{}, "MISSING_ECFS"],
    [{ ecfs: null }, "MISSING_ECFS"],
    [{ ecfs: "E310000000001" }, "INVALID_FIELD_TYPE"],
    [{ ecfs: ["E310000000001", 5] }, "INVALID_FIELD_TYPE"],
    [[], "MISSING_ECFS"],
    ["", "EMPTY_BODY"],
    ["{ecfs:", "INVALID_JSON"],
  ])("answers 400 for %j (%s)", async (body, code) => {
    const answer = await batch(a, "TesteCF", body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(code);
  });

  it("only shows the path's environment", async () => {
    const inTest = await batch(a, "TesteCF", { ecfs: ["E310000000099", "E310000000001"] });
    expect(inTest.body.results.map((r: { found: boolean }) => r.found)).toEqual([false, true]);
    const inProduction = await batch(a, "eCF", { ecfs: ["E310000000099", "E310000000001"] });
    expect(inProduction.body.results.map((r: { found: boolean }) => r.found)).toEqual([true, false]);
  });
});

describe("POST /{environment}/documentos-ecf/import", () => {
  it("creates, updates by e-NCF and reports every invalid entry, in request order", async () => {
    const { status, body } = await importAs(a, "CerteCF", [
      importEntry("E310000000001", { status: "En Proceso" }),
      { ncf: "E310000000000" },
      importEntry("E330000000001", { buyerRnc: "12", invoiceTotal: -1, extra: true }),
      importEntry("E310000000001"),
      importEntry("E310000000003", { summarySignedXml: "x.xml" }),
      "not an object",
      importEntry("E310000000005", {
        taxauthResponse: ["not json"],
        customerReceivedAt: "31-02-2026 10:00:00",
      }),
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 7, created: 1, updated: 0, invalid: 6 });
    expect(body.results.map((r: { result: string }) => r.result)).toEqual([
      "created",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
    ]);
    expect(body.results[6].errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "customerReceivedAt",
      "taxauthResponse.0",
    ]);
    expect(body.results[1].errors.map((e: { field: string }) => e.field)).toEqual(["ncf"]);
    expect(body.results[2].errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ["", "buyerRnc", "invoiceTotal"].map((f) => f || "(documento)").sort(),
    );
    expect(body.results[3].errors[0].message).toContain("entrada 0");
    expect(body.results[4].errors[0].field).toBe("summarySignedXml");
    expect(body.results[5]).toMatchObject({ ncf: null, result: "invalid" });

    const again = await importAs(a, "CerteCF", [
      { ncf: "E310000000001", status: "Aceptado", customerReceived: "0" },
      importEntry("E310000000004"),
    ]);
    expect(again.body).toMatchObject({ created: 1, updated: 1, invalid: 0 });
    const stored = await getOne(a, "CerteCF", "?ecf=E310000000001");
    // Fields the update did not carry keep their values.
    expect(stored.body).toMatchObject({ status: "Aceptado", customerReceived: "0", securityCode: "a+B/9z" });
    expect(stored.body.qr_url).toContain("/certecf/consultatimbre?");
  });

  it("refuses an empty or oversized list and a viewer", async () => {
    expect((await importAs(a, "TesteCF", [])).body.code).toBe("VALIDATION_FAILED");
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({
      ncf: `E31${String(i + 1).padStart(10, "0")}`,
    }));
    const refused = await importAs(a, "TesteCF", tooMany);
    expect([refused.status, refused.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    const viewer = await createTestAccount({ roles: ["viewer"], apiKey: true });
    const forbidden = await importAs(viewer, "TesteCF", [importEntry("E310000000001")]);
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "FORBIDDEN"]);
  });

  it("imports 1,000 documents in one call", async () => {
    const documents = Array.from({ length: 1000 }, (_, i) =>
      importEntry(`E43${String(i + 1).padStart(10, "0")}`),
    );
    const { status, body } = await importAs(b, "TesteCF", documents);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1000, created: 1000, invalid: 0 });
    const check = await batch(b, "TesteCF", { ecfs: ["E430000001000", "E430000000001"] });
    expect(check.body.results.map((r: { found: boolean }) => r.found)).toEqual([true, true]);
  });

  it("re-imports a record exactly as GET answers it, unchanged (the export round trip)", async () => {
    const exported = await getOne(a, "TesteCF", "?ecf=E320000000001");
    expect(exported.status).toBe(200);
    const { status, body } = await importAs(a, "TesteCF", [exported.body]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1, created: 0, updated: 1, invalid: 0 });
    // Every field as it was; updateAt is the import's time (the exporter's is not kept).
    const { updateAt, ...rest } = (await getOne(a, "TesteCF", "?ecf=E320000000001")).body;
    const { updateAt: exportedAt, ...exportedRest } = exported.body;
    expect(rest).toEqual(exportedRest);
    expect(updateAt).toBeGreaterThanOrEqual(exportedAt);
  });

  it("refuses an entry naming another company's RNC as customerId, and imports the rest", async () => {
    const { status, body } = await importAs(a, "CerteCF", [
      importEntry("E310000000700", { customerId: b.auth.rnc }),
      importEntry("E310000000701", { customerId: a.auth.rnc }),
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 1, invalid: 1 });
    expect(body.results[0]).toMatchObject({ result: "invalid", errors: [{ field: "customerId" }] });
    expect((await getOne(a, "CerteCF", "?ecf=E310000000700")).status).toBe(404);
    expect((await getOne(b, "CerteCF", "?ecf=E310000000700")).status).toBe(404);
  });

  it("does not set the coverage mark while an entry is invalid (coverageMarkIgnored), and sets it otherwise", async () => {
    const coveredUntil = Date.now() - 60_000;
    const post = async (documents: unknown[]) => {
      const response = await IMPORT(
        jsonPost(`${BASE}/eCF/documentos-ecf/import`, a, { documents, coveredUntil }),
        contextOf("eCF"),
      );
      return { status: response.status, body: (await response.json()) as JsonBody };
    };
    const ignored = await post([importEntry("E310000000801"), { ncf: "E310000000000" }]);
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ created: 1, invalid: 1 });
    expect(ignored.body.coverageMarkIgnored).toEqual(expect.any(String));
    expect(ignored.body.coverageMark).toBeNull();
    expect(await getCoverageMark(a.auth.accountId, "eCF")).toBeNull();
    const set = await post([importEntry("E310000000802")]);
    expect(set.body).toMatchObject({ coverageMark: coveredUntil });
    expect(set.body.coverageMarkIgnored).toBeUndefined();
    expect((await getCoverageMark(a.auth.accountId, "eCF"))?.coveredUntil).toBe(coveredUntil);
  });
});
