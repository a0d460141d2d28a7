import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { POST as BATCH } from "@/app/[environment]/documentos-ecf/status/batch/route";
import { GET } from "@/app/[environment]/documentos-ecf/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setDbForTests } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { configFor, startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";
import type { PrismaClient } from "@/prisma/generated/client";

import { importDocuments } from "./import-documents";
import { queryDocumentsBatch } from "./query-documents";
import { refreshPendingDocuments } from "./refresh-documents";
import { contextOf, documentHeaders, importEntry, jsonPost } from "./test-support";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";

let database: TestDatabase;
let simulator: SimulatorHandle;
let account: TestAccount;
let trackCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTestSimulator();
  setTaxAuthClient(new TaxAuthClient(configFor(simulator)));
  account = await createTestAccount({ rnc: "130000033", apiKey: true, certificate: true });
});
afterAll(async () => {
  await simulator?.close();
  setTaxAuthClient(undefined);
  await database?.dispose();
});
beforeEach(() => {
  setEnvForTests({ DOCUMENT_REFRESH_TIMEOUT_MS: "8000" });
  setEnvForTests({ DOCUMENT_REFRESH_MIN_INTERVAL_MS: "0" });
  simulator.admin.clearFaults();
});
afterEach(async () => {
  delete process.env.DOCUMENT_REFRESH_TIMEOUT_MS;
  delete process.env.DOCUMENT_REFRESH_MIN_INTERVAL_MS;
  await waitForInFlight(10_000);
});

/** A pending document of the account in TesteCF, known to the simulator with `codigo` (or unknown). */
async function pendingDocument(ncf: string, codigo?: 1 | 2 | 3 | 4, owner = account): Promise<string> {
  trackCounter += 1;
  const trackId = `00000000-0000-4000-8000-${String(trackCounter).padStart(12, "0")}`;
  if (codigo !== undefined) {
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId,
      rnc: owner.auth.rnc,
      encf: ncf,
      codigo,
    });
  }
  const result = await importDocuments({
    accountId: owner.auth.accountId,
    rnc: owner.auth.rnc,
    environment: "TesteCF",
    body: { documents: [importEntry(ncf, { status: "En Proceso", trackId })] },
  });
  expect(result.invalid).toBe(0);
  return trackId;
}

async function batch(ecfs: string[]) {
  const response = await BATCH(
    jsonPost("http://localhost/TesteCF/documentos-ecf/status/batch", account, { ecfs }),
    contextOf("TesteCF"),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    results: Array<{
      ecf: string;
      status: string;
      found: boolean;
      data?: { taxauthResponse: string[]; stale?: true };
    }>;
  };
}

const statusCalls = () => simulator.admin.callCounts().consultaresultado;

describe("refresh of pending documents through the authority", () => {
  it("moves En Proceso → Aceptado in a batch query and appends the answer", async () => {
    const trackId = await pendingDocument("E310000000101", 1);
    await pendingDocument("E310000000102", 3);
    const { results } = await batch(["E310000000101", "E310000000102", "E310000000101"]);
    expect(results.map((r) => r.status)).toEqual(["Aceptado", "En Proceso", "Aceptado"]);
    const responses = results[0]!.data!.taxauthResponse;
    expect(responses).toHaveLength(2);
    expect(JSON.parse(responses[1]!)).toMatchObject({
      trackId,
      codigo: 1,
      estado: "Aceptado",
      encf: "E310000000101",
    });
    // Still processing: nothing appended.
    expect(results[1]!.data!.taxauthResponse).toHaveLength(1);
    // Stored, not just answered: a later query sees Aceptado without asking again.
    const before = statusCalls();
    const again = await batch(["E310000000101"]);
    expect(again.results[0]!.status).toBe("Aceptado");
    expect(statusCalls()).toBe(before);
  });

  it("refreshes in the single query too", async () => {
    await pendingDocument("E330000000101", 2);
    const response = await GET(
      new Request("http://localhost/TesteCF/documentos-ecf?ecf=E330000000101", {
        headers: documentHeaders(account),
      }),
      contextOf("TesteCF"),
    );
    const body = (await response.json()) as { status: string; taxauthResponse: string[] };
    expect(body.status).toBe("Rechazado");
    expect(JSON.parse(body.taxauthResponse.at(-1)!)).toMatchObject({ codigo: 2 });
  });

  it("does not ask again within the minimum interval", async () => {
    setEnvForTests({ DOCUMENT_REFRESH_MIN_INTERVAL_MS: "60000" });
    await pendingDocument("E310000000103", 3);
    await batch(["E310000000103"]);
    const after = statusCalls();
    await batch(["E310000000103"]);
    expect(statusCalls()).toBe(after);
  });

  it("answers the stored status in bounded time when the authority hangs or fails", async () => {
    await pendingDocument("E310000000104", 1);
    setEnvForTests({ DOCUMENT_REFRESH_TIMEOUT_MS: "300" });
    simulator.admin.injectFault({ service: "consultaresultado", mode: "hang" });
    const started = performance.now();
    const hung = await batch(["E310000000104"]);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(hung.results[0]!.status).toBe("En Proceso");
    // The store's answer, and it says so.
    expect(hung.results[0]!.data!.stale).toBe(true);
    await waitForInFlight(10_000);

    setEnvForTests({ DOCUMENT_REFRESH_TIMEOUT_MS: "8000" });
    simulator.admin.injectFault({ service: "consultaresultado", mode: "status", status: 500 });
    const failed = (await batch(["E310000000104"])).results[0]!;
    expect(failed).toMatchObject({ status: "En Proceso", data: { stale: true } });
    // The authority is back: the next query picks the answer up, fresh.
    const back = (await batch(["E310000000104"])).results[0]!;
    expect(back.status).toBe("Aceptado");
    expect(back.data!.stale).toBeUndefined();
  });

  it("keeps the stored status for an account without certificate and for unknown trackIds", async () => {
    const noCertificate = await createTestAccount({ apiKey: true });
    await pendingDocument("E310000000105", 1, noCertificate);
    const response = await BATCH(
      jsonPost("http://localhost/TesteCF/documentos-ecf/status/batch", noCertificate, {
        ecfs: ["E310000000105"],
      }),
      contextOf("TesteCF"),
    );
    expect(((await response.json()) as { results: Array<{ status: string }> }).results[0]!.status).toBe(
      "En Proceso",
    );

    await pendingDocument("E310000000106");
    const unknown = await batch(["E310000000106"]);
    expect(unknown.results[0]!.status).toBe("En Proceso");
    expect(unknown.results[0]!.data!.taxauthResponse).toHaveLength(1);
  });

  it("refreshes pending documents in the periodic job", async () => {
    await database.truncate();
    account = await createTestAccount({ rnc: "130000044", apiKey: true, certificate: true });
    const first = await pendingDocument("E310000000201", 4);
    await pendingDocument("E310000000202", 3);
    await pendingDocument("E310000000203", 1);
    const result = await refreshPendingDocuments({ limit: 10, minIntervalMs: 0 });
    expect(result).toEqual({ checked: 3, changed: 2, failed: 0 });
    const { results } = await batch(["E310000000201", "E310000000202", "E310000000203"]);
    expect(results.map((r) => r.status)).toEqual(["Aceptado Condicional", "En Proceso", "Aceptado"]);
    expect(JSON.parse(results[0]!.data!.taxauthResponse.at(-1)!)).toMatchObject({
      trackId: first,
      codigo: 4,
    });
    // Nothing pending was checked less than a minute ago... except all of them: the job skips them.
    expect(await refreshPendingDocuments({ limit: 10, minIntervalMs: 60_000 })).toEqual({
      checked: 0,
      changed: 0,
      failed: 0,
    });
  });
});

describe("one database query per batch", () => {
  it("reads a batch of 100 (duplicates, malformed, unknown) with one database query", async () => {
    const documents = Array.from({ length: 60 }, (_, i) =>
      importEntry(`E32${String(i + 1).padStart(10, "0")}`),
    );
    await importDocuments({
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "TesteCF",
      body: { documents },
    });
    const operations: string[] = [];
    const counting = database.prisma.$extends({
      query: {
        $allOperations({ model, operation, args, query }) {
          operations.push(`${model ?? "raw"}.${operation}`);
          return query(args);
        },
      },
    });
    setDbForTests(counting as unknown as PrismaClient);
    try {
      const ecfs = [
        ...Array.from({ length: 90 }, (_, i) => `E32${String(i + 1).padStart(10, "0")}`),
        ...Array.from({ length: 8 }, () => "E320000000001"),
        "bad",
        "E990000000001",
      ];
      const result = await queryDocumentsBatch(account.auth.accountId, "TesteCF", ecfs);
      expect(result.results.filter((r) => r.found)).toHaveLength(68);
      expect(operations).toEqual(["raw.$queryRaw"]);
    } finally {
      setDbForTests(database.prisma);
    }
  });
});
