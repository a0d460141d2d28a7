import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { POST as BATCH } from "@/app/[environment]/documentos-ecf/status/batch/route";
import { GET } from "@/app/[environment]/documentos-ecf/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getDb } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { resetServiceStatusForTests } from "@/lib/server/platform/taxauth/service-status";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { configFor, startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { decidingReception } from "@/lib/domain/dgii-submissions";

import { lookUpAtDgii, type LookupSettings } from "./dgii-lookup";
import { contextOf, documentHeaders, jsonPost } from "./test-support";

/**
 * e-NCF the company does not hold are asked at DGII (the simulator over HTTP): the status endpoints
 * answer DGII's verdict, store it through the ledger's writer, and say why when DGII gave none.
 */
let database: TestDatabase;
let simulator: SimulatorHandle;
let account: TestAccount;
let noCertificate: TestAccount;
let trackCounter = 0;

const SETTINGS: LookupSettings = {
  concurrency: 8,
  budgetMs: 5_000,
  absentMs: 60_000,
  perCompanyPerMinute: 0,
  totalPerMinute: 0,
};

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTestSimulator();
  setTaxAuthClient(new TaxAuthClient(configFor(simulator)));
  account = await createTestAccount({ rnc: "130000071", apiKey: true, certificate: true });
  noCertificate = await createTestAccount({ rnc: "130000072", apiKey: true });
});
afterAll(async () => {
  await simulator?.close();
  setTaxAuthClient(undefined);
  await database?.dispose();
});
beforeEach(() => {
  simulator.admin.clearFaults();
  simulator.admin.setLatency("consultatrackids", 0);
  simulator.admin.setLatency("consultaresultado", 0);
});
afterEach(async () => {
  setEnvForTests({
    DOCUMENT_LOOKUP_BUDGET_MS: undefined,
    DOCUMENT_LOOKUP_CONCURRENCY: undefined,
    DGII_LOOKUPS_PER_MINUTE: undefined,
    DGII_LOOKUPS_PER_MINUTE_TOTAL: undefined,
    TAXAUTH_STATUS_API_KEY: undefined,
    TAXAUTH_STATUS_URL: undefined,
  });
  resetServiceStatusForTests();
  await waitForInFlight(10_000);
  // Each test starts with the minute's DGII calls unspent.
  await (
    await getDb()
  ).$executeRaw`DELETE FROM "RateLimitBucket" WHERE "key" LIKE 'dgii-lookups:%'`;
});

/** DGII received `encf` from the account once per `codigos` entry, in that order, a minute apart. */
function received(encf: string, codigos: Array<1 | 2 | 3 | 4>, secuenciaUtilizada?: boolean): string[] {
  return codigos.map((codigo, index) => {
    trackCounter += 1;
    const trackId = `00000000-0000-4000-9000-${String(trackCounter).padStart(12, "0")}`;
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId,
      rnc: account.auth.rnc,
      encf,
      codigo,
      fechaRecepcion: `11/3/2025 8:1${index}:37 PM`,
      ...(secuenciaUtilizada === undefined ? {} : { secuenciaUtilizada }),
    });
    return trackId;
  });
}

async function getOne(ecf: string, owner = account, query = "") {
  const response = await GET(
    new Request(`http://localhost/TesteCF/documentos-ecf?ecf=${ecf}${query}`, {
      headers: documentHeaders(owner),
    }),
    contextOf("TesteCF"),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function batch(ecfs: string[], owner = account, extra: Record<string, unknown> = {}) {
  const response = await BATCH(
    jsonPost("http://localhost/TesteCF/documentos-ecf/status/batch", owner, { ecfs, ...extra }),
    contextOf("TesteCF"),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    results: Array<{
      ecf: string;
      status: string;
      found: boolean;
      askedDgii?: boolean;
      reason?: string;
      message?: string;
      data?: Record<string, unknown>;
    }>;
  };
}

/** Whether the ledger counts the stored number used (its writer applied the one rule). */
async function sequenceUseOf(ncf: string): Promise<"used" | "reusable" | "absent"> {
  const db = await getDb();
  const row = await db.document.findFirst({
    where: { accountId: account.auth.accountId, environment: "TesteCF", ncf },
    select: { sequenceReusable: true },
  });
  if (!row) return "absent";
  return row.sequenceReusable ? "reusable" : "used";
}

const trackIdsCalls = () => simulator.admin.callCounts().consultatrackids;

describe("a document Anula does not hold, asked at DGII", () => {
  it("answers DGII's verdict as the spec's record, stores it as source dgii and counts the number used", async () => {
    const [trackId] = received("E310000000501", [1]);
    const asked = Date.now();
    const { status, body } = await getOne("E310000000501");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ncf: "E310000000501",
      status: "Aceptado",
      source: "dgii",
      customerId: account.auth.rnc,
      documentType: "31",
      securityCode: null,
      signedXml: null,
      qr_url: null,
      fileName: null,
    });
    // When DGII was asked, not when the document was received there.
    expect(body.checkedAt).toBeGreaterThanOrEqual(asked);
    expect(body.checkedAt).toBeLessThanOrEqual(Date.now());
    // 11/3/2025 8:10:37 PM in Santo Domingo (UTC−4) is 12/3/2025 00:10:37 UTC.
    expect(body.createdAt).toBe(Date.UTC(2025, 10, 4, 0, 10, 37));
    const answers = (body.taxauthResponse as string[]).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    // DGII's reception date is kept as DGII wrote it, beside the instant createdAt read from it.
    expect(answers).toContainEqual(
      expect.objectContaining({
        fuente: "consultatrackids",
        trackId,
        fechaRecepcion: "11/3/2025 8:10:37 PM",
      }),
    );
    expect(answers).toContainEqual(
      expect.objectContaining({
        trackId,
        estado: "Aceptado",
        secuenciaUtilizada: true,
        rnc: account.auth.rnc,
      }),
    );
    expect(await sequenceUseOf("E310000000501")).toBe("used");
    // Held now: a second query asks DGII nothing.
    const calls = trackIdsCalls();
    expect((await getOne("E310000000501")).status).toBe(200);
    expect(trackIdsCalls()).toBe(calls);
  });

  it("an accepted submission wins over a later rejected resend; otherwise the latest decides", async () => {
    received("E310000000502", [1, 2]);
    expect((await getOne("E310000000502")).body.status).toBe("Aceptado");
    received("E310000000503", [2, 3]);
    expect((await getOne("E310000000503")).body.status).toBe("En Proceso");
    expect(
      decidingReception([
        { trackId: "b", estado: "Rechazado", fechaRecepcion: "11/3/2025 9:00:00 PM" },
        { trackId: "a", estado: "Aceptado Condicional", fechaRecepcion: "11/3/2025 8:00:00 PM" },
      ]).trackId,
    ).toBe("a");
  });

  it("a rejection that leaves the number free is stored reusable, by the ledger's one rule", async () => {
    received("E310000000504", [2], false);
    expect((await getOne("E310000000504")).body.status).toBe("Rechazado");
    expect(await sequenceUseOf("E310000000504")).toBe("reusable");
  });

  it("DGII lists no submission: 404 saying DGII was asked, remembered a few minutes", async () => {
    const before = trackIdsCalls();
    const { status, body } = await getOne("E310000000599");
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "DOCUMENT_NOT_FOUND", askedDgii: true, ecf: "E310000000599" });
    expect((await batch(["E310000000599"])).results[0]).toEqual({
      ecf: "E310000000599",
      status: "No encontrado",
      found: false,
      askedDgii: true,
    });
    expect(trackIdsCalls()).toBe(before + 1);
    // After the absent answer lapses (here at once), DGII is asked again and finds what arrived since.
    received("E310000000599", [1]);
    const outcome = await lookUpAtDgii(
      { accountId: account.auth.accountId, rnc: account.auth.rnc, environment: "TesteCF" },
      [{ ecf: "E310000000599" }],
      SETTINGS,
    );
    expect(outcome.get("E310000000599")).toEqual({ kind: "absent" });
    await getDb().then((db) => db.dgiiLookup.deleteMany({ where: { ncf: "E310000000599" } }));
    expect((await getOne("E310000000599")).body).toMatchObject({ status: "Aceptado", source: "dgii" });
  });

  it("a remembered absence lapses: after DOCUMENT_LOOKUP_ABSENT_MS DGII is asked again", async () => {
    const caller = {
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "TesteCF" as const,
    };
    const briefly = { ...SETTINGS, absentMs: 1_500 };
    expect((await lookUpAtDgii(caller, [{ ecf: "E310000000597" }], briefly)).get("E310000000597")).toEqual({
      kind: "absent",
    });
    const marked = Date.now(); // the absence was marked before this, so it lapses before marked + 1.5 s
    received("E310000000597", [1]);
    const calls = trackIdsCalls();
    // Still remembered: DGII is not asked.
    expect((await getOne("E310000000597")).status).toBe(404);
    expect(trackIdsCalls()).toBe(calls);
    // Past the lapse without sleeping through it: the lookup reads Date.now(), here 1.6 s on.
    const realNow = Date.now.bind(Date);
    const later = vi.spyOn(Date, "now").mockImplementation(() => realNow() + 1_600);
    try {
      expect(Date.now()).toBeGreaterThanOrEqual(marked + 1_600);
      expect((await getOne("E310000000597")).body).toMatchObject({ status: "Aceptado", source: "dgii" });
      expect(trackIdsCalls()).toBe(calls + 1);
    } finally {
      later.mockRestore();
    }
  });

  it("a state DGII answers that the spec's table does not list is kept verbatim and counted used, never voided", async () => {
    // Even beside secuenciaUtilizada false: a word the ledger does not know is never read as free.
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "00000000-0000-4000-9000-a00000000581",
      rnc: account.auth.rnc,
      encf: "E310000000581",
      codigo: 2,
      estado: "Anulado",
      secuenciaUtilizada: false,
      fechaRecepcion: "11/3/2025 8:13:37 PM",
    });
    const { status, body } = await getOne("E310000000581");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "Anulado", source: "dgii" });
    expect(await sequenceUseOf("E310000000581")).toBe("used");
    const ledger = await (
      await getDb()
    ).document.findFirst({
      where: { accountId: account.auth.accountId, environment: "TesteCF", ncf: "E310000000581" },
      select: { status: true },
    });
    expect(ledger?.status).toBe("Anulado");
    expect((await batch(["E310000000581"])).results[0]).toMatchObject({ found: true, status: "Anulado" });
    // Not a final status: refreshed like any other, and DGII's word still stands (not the codigo's Rechazado).
    await (
      await getDb()
    ).document.updateMany({ where: { ncf: "E310000000581" }, data: { checkedAt: BigInt(0) } });
    const verdicts = simulator.admin.callCounts().consultaresultado;
    expect((await getOne("E310000000581")).body).toMatchObject({ status: "Anulado" });
    expect(simulator.admin.callCounts().consultaresultado).toBe(verdicts + 1);
    expect(await sequenceUseOf("E310000000581")).toBe("used");
  });

  it("DGII in a maintenance window: a held document answers from the store, an unknown one TAXAUTH_UNAVAILABLE, DGII not asked", async () => {
    received("E310000000582", [1]);
    expect((await getOne("E310000000582")).status).toBe(200); // held from here on
    received("E310000000584", [3]);
    expect((await getOne("E310000000584")).body).toMatchObject({ status: "En Proceso" }); // held, not final
    await (
      await getDb()
    ).document.updateMany({ where: { ncf: "E310000000584" }, data: { checkedAt: BigInt(0) } });
    received("E310000000583", [1]);
    setEnvForTests({
      TAXAUTH_STATUS_API_KEY: "XXXXXXX-XXXXXXX-XXXX-XXXXXXXXXX",
      TAXAUTH_STATUS_URL: simulator.url,
    });
    resetServiceStatusForTests();
    const now = Date.now();
    simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - 60_000,
      to: now + 5 * 60_000,
    });
    const calls = trackIdsCalls();
    const verdicts = simulator.admin.callCounts().consultaresultado;
    const { results } = await batch(["E310000000582", "E310000000583", "E310000000584"]);
    expect(results[0]).toMatchObject({ found: true, status: "Aceptado" });
    expect(results[0]!.data!.stale).toBeUndefined(); // final: nothing to ask
    // Not final and due for a refresh: the store's answer, marked stale, DGII not asked.
    expect(results[2]).toMatchObject({ found: true, status: "En Proceso", data: { stale: true } });
    expect((await getOne("E310000000584")).body).toMatchObject({ status: "En Proceso", stale: true });
    expect(simulator.admin.callCounts().consultaresultado).toBe(verdicts);
    expect(results[1]).toMatchObject({
      found: false,
      status: "Sin respuesta de la DGII",
      reason: "TAXAUTH_UNAVAILABLE",
    });
    expect(results[1]!.message).toContain("mantenimiento");
    const single = await getOne("E310000000583");
    expect(single.status).toBe(503);
    expect(single.body).toMatchObject({ code: "TAXAUTH_UNAVAILABLE", reason: "TAXAUTH_UNAVAILABLE" });
    expect(trackIdsCalls()).toBe(calls);
  });

  it("DGII calls in total are limited too: over the deployment's minute an entry says RATE_LIMITED", async () => {
    setEnvForTests({ DGII_LOOKUPS_PER_MINUTE_TOTAL: "1" });
    received("E310000000553", [1]);
    received("E310000000554", [1]);
    const { results } = await batch(["E310000000553", "E310000000554"], account);
    expect(results.filter((result) => result.reason === "RATE_LIMITED")).toHaveLength(1);
    expect(results.filter((result) => result.found)).toHaveLength(1);
  });

  it("a batch looks up every unknown entry, in request order, beside the held ones", async () => {
    received("E310000000511", [1]);
    received("E310000000512", [4]);
    const { results } = await batch([
      "E310000000511",
      "E310000000598",
      "E310000000512",
      "E31",
      "E310000000511",
    ]);
    expect(results.map((result) => [result.ecf, result.found, result.status])).toEqual([
      ["E310000000511", true, "Aceptado"],
      ["E310000000598", false, "No encontrado"],
      ["E310000000512", true, "Aceptado Condicional"],
      ["E31", false, "No encontrado"],
      ["E310000000511", true, "Aceptado"],
    ]);
    expect(results[0]!.data).toMatchObject({ source: "dgii", documentType: "31" });
    expect(results[1]!.askedDgii).toBe(true);
  });

  it("over the time budget: 504 on a single query, 'Sin respuesta de la DGII' in a batch; the lookup finishes and a repeat finds it", async () => {
    received("E310000000521", [1]);
    received("E310000000522", [1]);
    simulator.admin.setLatency("consultatrackids", 600);
    setEnvForTests({ DOCUMENT_LOOKUP_BUDGET_MS: "150" });
    const single = await getOne("E310000000521");
    expect(single.status).toBe(504);
    expect(single.body).toMatchObject({ code: "TAXAUTH_TIMEOUT", reason: "TAXAUTH_TIMEOUT" });
    const { results } = await batch(["E310000000522"]);
    expect(results[0]).toMatchObject({
      found: false,
      status: "Sin respuesta de la DGII",
      reason: "TAXAUTH_TIMEOUT",
    });
    await waitForInFlight(10_000);
    simulator.admin.setLatency("consultatrackids", 0);
    expect((await getOne("E310000000521")).body).toMatchObject({ status: "Aceptado" });
    expect((await batch(["E310000000522"])).results[0]).toMatchObject({ found: true, status: "Aceptado" });
  });

  it("numbers a batch claimed but had no time to start are let go at once: the next request asks DGII about them", async () => {
    for (const ecf of ["E310000000571", "E310000000572", "E310000000573"]) received(ecf, [1]);
    simulator.admin.setLatency("consultatrackids", 600);
    setEnvForTests({ DOCUMENT_LOOKUP_BUDGET_MS: "150", DOCUMENT_LOOKUP_CONCURRENCY: "1" });
    const late = await batch(["E310000000571", "E310000000572", "E310000000573"]);
    expect(late.results.map((result) => result.reason)).toEqual([
      "TAXAUTH_TIMEOUT",
      "TAXAUTH_TIMEOUT",
      "TAXAUTH_TIMEOUT",
    ]);
    expect(trackIdsCalls()).toBeGreaterThan(0);
    await waitForInFlight(10_000);
    // A claim left behind would make this request wait for a lookup nobody runs, past its budget.
    simulator.admin.setLatency("consultatrackids", 0);
    setEnvForTests({ DOCUMENT_LOOKUP_BUDGET_MS: "3000", DOCUMENT_LOOKUP_CONCURRENCY: undefined });
    const again = await batch(["E310000000572", "E310000000573"]);
    expect(again.results.map((result) => [result.found, result.status])).toEqual([
      [true, "Aceptado"],
      [true, "Aceptado"],
    ]);
  });

  it("DGII failing: 503 TAXAUTH_UNAVAILABLE on a single query, never 404; nothing remembered", async () => {
    received("E310000000531", [1]);
    simulator.admin.injectFault({ service: "consultatrackids", mode: "status", status: 500, count: 3 });
    const { status, body } = await getOne("E310000000531");
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: "TAXAUTH_UNAVAILABLE", reason: "TAXAUTH_UNAVAILABLE" });
    simulator.admin.clearFaults();
    expect((await getOne("E310000000531")).body).toMatchObject({ status: "Aceptado" });
  });

  it("not askable: without a certificate, in CerteCF, a type 32 summary without its code — each says why", async () => {
    const calls = trackIdsCalls();
    const none = await getOne("E310000000541", noCertificate);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: "DOCUMENT_NOT_FOUND", reason: "NOT_ASKABLE" });
    expect(String(none.body.message)).toContain("certificado");
    const summary = (await batch(["E320000000541"])).results[0]!;
    expect(summary).toMatchObject({ found: false, status: "No encontrado", reason: "NOT_ASKABLE" });
    expect(summary.message).toContain("codigoSeguridad");
    const certe = await lookUpAtDgii(
      { accountId: account.auth.accountId, rnc: account.auth.rnc, environment: "CerteCF" },
      [{ ecf: "E310000000541" }],
      SETTINGS,
    );
    expect(certe.get("E310000000541")).toMatchObject({ kind: "unanswered", reason: "NOT_ASKABLE" });
    expect(trackIdsCalls()).toBe(calls);
  });

  it("a consumer-invoice summary (RFCE) is found by its security code at consultarfce, never by trackIds", async () => {
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "rfce-E320000000571",
      rnc: account.auth.rnc,
      encf: "E320000000571",
      codigo: 1,
      summary: { codigoSeguridad: "Ab+3xZ" },
    });
    const trackIds = trackIdsCalls();
    const wrongCode = await getOne("E320000000571", account, "&codigoSeguridad=zzzzzz");
    // A wrong code finds no summary; the trackIds lookup (a type 32 over RD$250,000 travels whole) finds nothing either.
    expect(wrongCode.body).toMatchObject({ code: "DOCUMENT_NOT_FOUND", askedDgii: true });
    expect(trackIdsCalls()).toBe(trackIds + 1);
    await (await getDb()).dgiiLookup.deleteMany({ where: { ncf: "E320000000571" } });
    const found = await batch(["E320000000571"], account, { codigosSeguridad: { E320000000571: "Ab+3xZ" } });
    expect(found.results[0]).toMatchObject({ found: true, status: "Aceptado" });
    expect(found.results[0]!.data).toMatchObject({
      source: "dgii",
      securityCode: "Ab+3xZ",
      documentType: "32",
    });
    expect(simulator.admin.callCounts().consultarfce).toBeGreaterThanOrEqual(2);
    expect(await sequenceUseOf("E320000000571")).toBe("used");
  });

  it("a malformed codigoSeguridad is a 400 naming it", async () => {
    expect((await getOne("E320000000541", account, "&codigoSeguridad=abc")).body).toMatchObject({
      code: "INVALID_PARAMETER",
    });
    const response = await BATCH(
      jsonPost("http://localhost/TesteCF/documentos-ecf/status/batch", account, {
        ecfs: ["E320000000541"],
        codigosSeguridad: { E320000000541: 12 },
      }),
      contextOf("TesteCF"),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("DGII calls per company are limited: over the minute's calls an entry says RATE_LIMITED", async () => {
    setEnvForTests({ DGII_LOOKUPS_PER_MINUTE: "1" });
    received("E310000000551", [1]);
    received("E310000000552", [1]);
    const { results } = await batch(["E310000000551", "E310000000552"], account);
    expect(results.filter((result) => result.reason === "RATE_LIMITED")).toHaveLength(1);
    expect(results.filter((result) => result.found)).toHaveLength(1);
  });

  it("the same e-NCF asked by many requests at once is one DGII lookup", async () => {
    received("E310000000561", [1]);
    simulator.admin.setLatency("consultatrackids", 200);
    const before = trackIdsCalls();
    const answers = await Promise.all(Array.from({ length: 6 }, () => getOne("E310000000561")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(trackIdsCalls()).toBe(before + 1);
  });

  it("a batch of 100 unknown e-NCF is answered whole, and a repeat asks DGII nothing", async () => {
    const ecfs = Array.from({ length: 100 }, (_, index) => `E3100000006${String(index).padStart(2, "0")}`);
    for (const ecf of ecfs) received(ecf, [1]);
    simulator.admin.setLatency("consultatrackids", 50);
    simulator.admin.setLatency("consultaresultado", 50);
    // The time it takes is the bench's (npm run bench documents): here every entry must be answered.
    setEnvForTests({ DOCUMENT_LOOKUP_BUDGET_MS: "60000" });
    const { results } = await batch(ecfs);
    expect(results.filter((result) => !(result.found && result.status === "Aceptado"))).toEqual([]);
    const calls = trackIdsCalls();
    expect((await batch(ecfs)).results.every((result) => result.found)).toBe(true);
    expect(trackIdsCalls()).toBe(calls);
  });
});
