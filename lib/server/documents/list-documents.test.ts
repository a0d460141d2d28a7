import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as listExport from "@/app/(portal)/documents/list-export/route";
import * as portalXml from "@/app/(portal)/documents/[ecf]/xml/route";
import { dayBoundaryMs } from "@/lib/domain/fecha";
import { isAppError } from "@/lib/errors";
import { loadDocumentPage } from "@/lib/portal/document-page";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { cookieJar, setSession } from "@/lib/server/testing/next-auth-mock";

import { importDocuments } from "./import-documents";
import { DOCUMENT_PAGE_SIZE, listDocuments } from "./list-documents";
import { importEntry } from "./test-support";

vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * "Documentos": the company's e-CF, newest first, each filter alone and together, keyset pages that
 * neither repeat nor skip, the CSV and Excel exports of the same selection (read back), the
 * document's page data, and nothing of another company or environment.
 */
let database: TestDatabase;
let a: TestAccount;
let b: TestAccount;
const params = <T extends Record<string, string>>(values: T = {} as T) => ({
  params: Promise.resolve(values),
});
const DAY = 24 * 60 * 60 * 1000;
/** 2026-03-10 00:00 in Santo Domingo: the seeded documents' first day. */
const FIRST_DAY = dayBoundaryMs("2026-03-10", "start")!;

/** a: 30 type 31 and 10 type 34 over 40 days, every 4th rejected, buyer 101000001 or 40200000001. */
const seeded: Array<{ ncf: string; day: number; status: string; buyer: string }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestAccount();
  b = await createTestAccount();
  for (let index = 0; index < 40; index++) {
    const tipo = index < 30 ? "31" : "34";
    seeded.push({
      ncf: `E${tipo}${String(100 + index).padStart(10, "0")}`,
      day: index,
      status: index % 4 === 0 ? "Rechazado" : "Aceptado",
      buyer: index % 2 === 0 ? "101000001" : "40200000001",
    });
  }
  await importDocuments({
    accountId: a.auth.accountId,
    rnc: a.auth.rnc,
    environment: "TesteCF",
    body: {
      documents: seeded.map((entry) =>
        importEntry(entry.ncf, { status: entry.status, buyerRnc: entry.buyer }),
      ),
    },
  });
  // Each document on its own day (the import stamps them now); tests may write rows directly.
  for (const entry of seeded) {
    await database.prisma
      .$executeRaw`UPDATE "Document" SET "createdAt" = ${BigInt(FIRST_DAY + entry.day * DAY + 3_600_000)}
      WHERE "accountId" = ${a.auth.accountId} AND "ncf" = ${entry.ncf}`;
  }
  // The same numbers in b, and in a's other environment: never in a's TesteCF list.
  await importDocuments({
    accountId: b.auth.accountId,
    rnc: b.auth.rnc,
    environment: "TesteCF",
    body: { documents: [importEntry("E310000099999", { buyerRnc: "101000001" })] },
  });
  await importDocuments({
    accountId: a.auth.accountId,
    rnc: a.auth.rnc,
    environment: "CerteCF",
    body: { documents: [importEntry("E310000088888", { buyerRnc: "101000001" })] },
  });
});
afterAll(async () => database?.dispose());

const ncfs = (items: Array<{ ncf: string }>) => items.map((item) => item.ncf);
const newestFirst = (entries: typeof seeded) => [...entries].sort((x, y) => y.day - x.day).map((e) => e.ncf);

describe("listDocuments", () => {
  it("lists the company's documents of the environment newest first, in pages that neither repeat nor skip", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listDocuments(a.auth.accountId, "TesteCF", { cursor });
      expect(page.items.length).toBeLessThanOrEqual(DOCUMENT_PAGE_SIZE);
      seen.push(...ncfs(page.items));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(newestFirst(seeded));
    const first = (await listDocuments(a.auth.accountId, "TesteCF", {})).items[0]!;
    expect(first).toEqual({
      ncf: "E340000000139",
      source: "imported",
      tipo: "34",
      buyerRnc: "40200000001",
      invoiceTotal: 1180,
      status: "Aceptado",
      createdAt: FIRST_DAY + 39 * DAY + 3_600_000,
      verdictAt: expect.any(Number),
      inReview: false,
    });
  });

  it("filters by type, status, buyer, source and whole days in Santo Domingo, alone and together", async () => {
    const all = (filters: Parameters<typeof listDocuments>[2]) =>
      listDocuments(a.auth.accountId, "TesteCF", filters, 100).then((page) => ncfs(page.items));
    expect(await all({ tipo: "34" })).toEqual(newestFirst(seeded.filter((e) => e.ncf.startsWith("E34"))));
    expect(await all({ status: "Rechazado" })).toEqual(
      newestFirst(seeded.filter((e) => e.status === "Rechazado")),
    );
    expect(await all({ buyer: "40200000001" })).toEqual(
      newestFirst(seeded.filter((e) => e.buyer === "40200000001")),
    );
    expect(await all({ source: "imported" })).toHaveLength(40);
    expect(await all({ source: "issued" })).toEqual([]);
    // Days 5..7 inclusive: 2026-03-15 to 2026-03-17.
    expect(await all({ from: "2026-03-15", to: "2026-03-17" })).toEqual(
      newestFirst(seeded.filter((e) => e.day >= 5 && e.day <= 7)),
    );
    expect(await all({ tipo: "31", status: "Rechazado", buyer: "101000001", to: "2026-03-20" })).toEqual(
      newestFirst(
        seeded.filter(
          (e) =>
            e.ncf.startsWith("E31") && e.status === "Rechazado" && e.buyer === "101000001" && e.day <= 10,
        ),
      ),
    );
  });

  it("never shows another company's or another environment's documents", async () => {
    const page = await listDocuments(b.auth.accountId, "TesteCF", {}, 100);
    expect(ncfs(page.items)).toEqual(["E310000099999"]);
    const certe = await listDocuments(a.auth.accountId, "CerteCF", {}, 100);
    expect(ncfs(certe.items)).toEqual(["E310000088888"]);
  });

  it("refuses a cursor it did not write: 400 INVALID_NEXT_TOKEN", async () => {
    const error = await listDocuments(a.auth.accountId, "TesteCF", { cursor: "bm90LWEtY3Vyc29y" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(error) && error.code).toBe("INVALID_NEXT_TOKEN");
  });
});

describe("GET /(portal)/documents/list-export", () => {
  const exportOf = (query: string) => {
    setSession({ userId: a.auth.userId, signedInAt: Date.now() });
    return listExport.GET(new Request(`http://localhost/documents/list-export?${query}`), params());
  };

  it("writes the filtered selection as CSV, every page, in the list's columns", async () => {
    const response = await exportOf("format=csv&tipo=31&status=Rechazado");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/documentos-TesteCF-\d{2}-\d{2}-\d{4}\.csv/);
    const rows = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(rows[0]).toEqual([
      "e-NCF",
      "Estado",
      "Tipo",
      "Origen",
      "Comprador",
      "Monto",
      "Fecha",
      "Veredicto de la DGII",
      "Vence el",
      "Tiempo restante",
      "Antigüedad",
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      newestFirst(seeded.filter((e) => e.ncf.startsWith("E31") && e.status === "Rechazado")),
    );
    expect(rows[1]).toEqual([
      "E310000000128",
      "Rechazado",
      "E31 · Factura de Crédito Fiscal Electrónica",
      "Importado",
      "101000001",
      "1180",
      "07-04-2026 01:00:00",
      expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
      // Received by DGII: no deadline (the columns are for e-CF signed here that DGII has not received).
      "",
      "",
      "",
    ]);
  });

  it("writes the same rows as an Excel workbook that opens cleanly: amounts as numbers, a frozen bold header", async () => {
    const response = await exportOf("format=xlsx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Documentos TesteCF");
    expect(sheet.rowCount).toBe(41);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getRow(2).getCell(1).value).toBe(newestFirst(seeded)[0]);
    expect(sheet.getRow(2).getCell(6).value).toBe(1180);
  });

  it("answers 400 for a format it does not write and for a malformed filter", async () => {
    const format = await exportOf("format=pdf");
    expect(format.status).toBe(400);
    expect(await format.json()).toMatchObject({ code: "INVALID_PARAMETER" });
    const buyer = await exportOf("format=csv&buyer=12");
    expect(buyer.status).toBe(400);
    expect(await buyer.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("follows the session's environment (the header's control)", async () => {
    cookieJar.set("anula_env", "CerteCF");
    try {
      const rows = (await (await exportOf("format=csv")).text()).trim().split("\r\n");
      expect(rows.slice(1).map((row) => row.split(",")[0])).toEqual(["E310000088888"]);
    } finally {
      cookieJar.delete("anula_env");
    }
  });
});

describe("a document's page", () => {
  it("holds the document's facts, DGII's answers and its status changes; another company sees none", async () => {
    const ncf = seeded[1]!.ncf;
    await importDocuments({
      accountId: a.auth.accountId,
      rnc: a.auth.rnc,
      environment: "TesteCF",
      body: { documents: [importEntry(ncf, { status: "Rechazado", buyerRnc: seeded[1]!.buyer })] },
    });
    const view = (await loadDocumentPage(a.auth.accountId, "TesteCF", ncf))!;
    expect(view.document).toMatchObject({
      ncf,
      status: "Rechazado",
      source: "imported",
      hasSignedXml: false,
    });
    expect(view.answers[0]).toMatchObject({ source: "other", trackId: `track-${ncf}` });
    expect(view.document.events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ previousStatus: "Aceptado", status: "Rechazado", via: "import" }),
    ]);
    expect(view.decisions).toEqual([]);
    expect(await loadDocumentPage(b.auth.accountId, "TesteCF", ncf)).toBeNull();
  });

  it("never serves an imported document's stored reference as its signed XML", async () => {
    setSession({ userId: a.auth.userId, signedInAt: Date.now() });
    const ncf = seeded[2]!.ncf;
    const response = await portalXml.GET(
      new Request(`http://localhost/documents/${ncf}/xml`),
      params({ ecf: ncf }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "DOCUMENT_NOT_FOUND" });
  });
});
