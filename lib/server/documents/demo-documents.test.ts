import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ECF_TYPE_CODES } from "@/lib/domain/ecf-types";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { configFor, startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { isAppError } from "@/lib/errors";
import { assertSequencesUnused } from "@/lib/server/ledger";

import { DEMO_DOCUMENTS, demoTaxAuthDocuments, ensureDemoDocuments } from "./demo-documents";
import { queryDocumentsBatch } from "./query-documents";

let database: TestDatabase;
let simulator: SimulatorHandle;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTestSimulator();
  setTaxAuthClient(new TaxAuthClient(configFor(simulator)));
  account = await createTestAccount({ rnc: "130000055", certificate: true });
});
afterAll(async () => {
  await waitForInFlight(10_000);
  await simulator?.close();
  setTaxAuthClient(undefined);
  await database?.dispose();
});

describe("ensureDemoDocuments", () => {
  it("creates every type and every status once (idempotent), in TesteCF only", async () => {
    expect(await ensureDemoDocuments(account.auth.accountId, account.auth.rnc)).toBe(DEMO_DOCUMENTS.length);
    expect(await ensureDemoDocuments(account.auth.accountId, account.auth.rnc, database.prisma)).toBe(0);
    const rows = await database.prisma.document.findMany({ where: { accountId: account.auth.accountId } });
    expect(rows).toHaveLength(DEMO_DOCUMENTS.length);
    expect(new Set(rows.map((row) => row.environment))).toEqual(new Set(["TesteCF"]));
    expect(new Set(rows.map((row) => row.ncf.slice(1, 3)))).toEqual(new Set(ECF_TYPE_CODES));
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(["Aceptado", "Rechazado", "Aceptado Condicional", "En Proceso"]),
    );
    for (const row of rows) {
      expect(row.trackId).toBeTruthy();
      expect(row.qrUrl).toMatch(
        /^https:\/\/ecf\.dgii\.gov\.do\/testecf\/consultatimbre(fc)?\?rncemisor=130000055&/,
      );
      for (const answer of row.taxauthResponse as string[]) expect(() => JSON.parse(answer)).not.toThrow();
    }
    const consumerSmall = rows.find((row) => row.ncf === "E320000000001")!;
    expect(consumerSmall.qrUrl).toContain("/consultatimbrefc?");
    expect(rows.find((row) => row.ncf === "E320000000002")!.qrUrl).toContain("/consultatimbre?");
  });

  it("puts every demo document the rule counts as used in the ledger: the pre-void check refuses them", async () => {
    const intervals = await database.prisma.issuedInterval.findMany({
      where: { accountId: account.auth.accountId, environment: "TesteCF" },
    });
    // Every demo document but the one DGII rejected with secuenciaUtilizada=false.
    const used = DEMO_DOCUMENTS.filter((document) => document.stored !== 2).length;
    expect(intervals.reduce((sum, row) => sum + Number(row.hasta - row.desde + 1n), 0)).toBe(used);
    const refused = await assertSequencesUnused(account.auth.accountId, "TesteCF", [
      { serie: "E", tipoeCF: "31", desde: 1, hasta: 3 },
    ]).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("SEQUENCE_USED");
  });

  it("resolves its pending documents through the simulator that knows them", async () => {
    for (const document of demoTaxAuthDocuments(account.auth.rnc)) simulator.admin.registerDocument(document);
    const pending = DEMO_DOCUMENTS.filter((document) => document.stored === 3).map(
      (document) => document.ncf,
    );
    expect(pending).toEqual(["E460000000001", "E470000000001"]);
    const result = await queryDocumentsBatch(account.auth.accountId, "TesteCF", pending, {
      timeoutMs: 8000,
      minIntervalMs: 0,
      maxPerQuery: 20,
    });
    expect(result.results.map((entry) => entry.status)).toEqual(["Aceptado", "En Proceso"]);
  });
});
