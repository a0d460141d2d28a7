import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { ERP_IMPORT_MAX_BYTES, ERP_IMPORT_MAX_ROWS, guessMapping, mapErpRows } from "@/lib/domain/erp-import";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { readErpFile } from "@/lib/domain/erp-file";
import { getCoverageMark } from "@/lib/server/ledger";

import { importErpFile } from "./import-erp-file";

let database: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount({ rnc: "130000044" });
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.prisma.document.deleteMany({});
});

const encoder = new TextEncoder();
const csv = (text: string): ArrayBuffer => encoder.encode(text).buffer as ArrayBuffer;

/** A real XLSX written by exceljs: a title-less sheet, a date column, a number column and a formula. */
async function xlsx(rows: unknown[][]): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Facturas");
  for (const row of rows) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer).slice().buffer;
}

async function stored() {
  return database.prisma.document.findMany({
    where: { accountId: account.auth.accountId },
    orderBy: { ncf: "asc" },
    select: { ncf: true, status: true, invoiceTotal: true, buyerRnc: true, environment: true, qrUrl: true },
  });
}

const run = (fileName: string, bytes: ArrayBuffer, mapping = {}) =>
  importErpFile({
    accountId: account.auth.accountId,
    rnc: account.auth.rnc,
    environment: "TesteCF",
    fileName,
    bytes,
    mapping,
  });

describe("an ERP's CSV of issued e-CF", () => {
  it("is read with its delimiter guessed, mapped by its headers and imported whole", async () => {
    const text =
      "\uFEFFe-NCF;Estado;Fecha emisión;Monto total;RNC comprador\n" +
      "E310000000001;Aceptado;05-01-2026;1,250.50;131880681\n" +
      'E310000000002;aceptado;2026-01-06;"RD$ 99.00";\n' +
      "E310000000004;Rechazado;06/01/2026;10;\n";
    const file = await readErpFile("ventas.csv", csv(text));
    expect(file.ok && file.headers).toEqual([
      "e-NCF",
      "Estado",
      "Fecha emisión",
      "Monto total",
      "RNC comprador",
    ]);
    const mapping = guessMapping(file.ok ? file.headers : []);
    expect(mapping).toEqual({ ncf: 0, status: 1, fechaEmision: 2, invoiceTotal: 3, buyerRnc: 4 });
    expect(await run("ventas.csv", csv(text), mapping)).toEqual({
      kind: "imported",
      total: 3,
      created: 3,
      updated: 0,
      coverageMark: null,
    });
    const rows = await stored();
    expect(rows.map((row) => [row.ncf, row.status, String(row.invoiceTotal), row.buyerRnc])).toEqual([
      ["E310000000001", "Aceptado", "1250.5", "131880681"],
      ["E310000000002", "Aceptado", "99", null],
      ["E310000000004", "Rechazado", "10", null],
    ]);
    // The same file again: idempotent by e-NCF (updated, nothing duplicated).
    expect(await run("ventas.csv", csv(text), mapping)).toMatchObject({
      kind: "imported",
      created: 0,
      updated: 3,
    });
  });

  it("imports nothing when one row has a problem, and names every problem by file row", async () => {
    const text =
      "ncf,status,fechaEmision,invoiceTotal\n" +
      "E310000000001,Aceptado,05-01-2026,10\n" +
      "E31000000000X,Anulado,31-02-2026,-5\n" +
      "\n" +
      "E310000000001,,,\n" +
      ",Aceptado,,\n";
    const outcome = await run("malo.csv", csv(text), { ncf: 0, status: 1, fechaEmision: 2, invoiceTotal: 3 });
    expect(outcome).toEqual({
      kind: "rows",
      errors: [
        { row: 3, field: "ncf", problem: "invalidNcf", value: "E31000000000X" },
        { row: 3, field: "status", problem: "invalidStatus", value: "Anulado" },
        { row: 3, field: "fechaEmision", problem: "invalidDate", value: "31-02-2026" },
        { row: 3, field: "invoiceTotal", problem: "invalidAmount", value: "-5" },
        // Row 4 is blank: the rows after it keep their line numbers.
        { row: 5, field: "ncf", problem: "duplicateNcf", value: "E310000000001" },
        { row: 6, field: "ncf", problem: "missingNcf", value: "" },
      ],
    });
    expect(await stored()).toEqual([]);
  });

  it("refuses a mapping without the e-NCF column, a file over the limits, an empty or unknown file", async () => {
    const good = csv("ncf\nE310000000001\n");
    expect(await run("a.csv", good, { status: 0 })).toEqual({ kind: "file", problem: "noNcfColumn" });
    expect(await run("a.csv", new ArrayBuffer(ERP_IMPORT_MAX_BYTES + 1), { ncf: 0 })).toEqual({
      kind: "file",
      problem: "tooLarge",
    });
    const many =
      "ncf\n" +
      Array.from({ length: ERP_IMPORT_MAX_ROWS + 1 }, (_, i) => `E31${String(i + 1).padStart(10, "0")}`).join(
        "\n",
      );
    expect(await run("a.csv", csv(many), { ncf: 0 })).toEqual({
      kind: "file",
      problem: "tooManyRows",
      rows: ERP_IMPORT_MAX_ROWS + 1,
    });
    expect(await run("a.csv", csv("ncf\n"), { ncf: 0 })).toEqual({ kind: "file", problem: "empty" });
    expect(await run("a.pdf", good, { ncf: 0 })).toEqual({ kind: "file", problem: "unsupported" });
    expect(await run("a.xlsx", good, { ncf: 0 })).toEqual({ kind: "file", problem: "unreadable" });
    expect(await run("a.csv", new Uint8Array([0x6e, 0xff, 0xfe, 0x0a]).buffer, { ncf: 0 })).toEqual({
      kind: "file",
      problem: "unreadable",
    });
    expect(await stored()).toEqual([]);
  });

  it("refuses a trackId longer than the import allows, naming the row", async () => {
    const outcome = await run("a.csv", csv("ncf,trackId\nE310000000001," + "x".repeat(101) + "\n"), {
      ncf: 0,
      trackId: 1,
    });
    expect(outcome).toEqual({
      kind: "rows",
      errors: [{ row: 2, field: "trackId", problem: "tooLong", value: "x".repeat(64) }],
    });
  });
});

describe("an ERP's XLSX of issued e-CF (built with exceljs)", () => {
  it("reads date, number and formula cells from the first sheet and imports them", async () => {
    const bytes = await xlsx([
      ["Comprobante", "Estado DGII", "Fecha", "Total", "Fecha firma"],
      [
        "E320000000010",
        "Aceptado",
        new Date(Date.UTC(2026, 0, 5)),
        250.75,
        new Date(Date.UTC(2026, 0, 5, 14, 3, 9)),
      ],
      ["E320000000011", "En Proceso", "07-01-2026", { formula: "2*50", result: 100 }, null],
    ]);
    const file = await readErpFile("erp.xlsx", bytes);
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    const mapping = guessMapping(file.headers);
    expect(mapping).toEqual({ ncf: 0, status: 1, fechaEmision: 2, invoiceTotal: 3, fechaFirma: 4 });
    expect(mapErpRows(file.rows, mapping).records).toEqual([
      {
        ncf: "E320000000010",
        status: "Aceptado",
        fechaEmision: "05-01-2026",
        fechaFirma: "05-01-2026 14:03:09",
        invoiceTotal: 250.75,
      },
      { ncf: "E320000000011", status: "En Proceso", fechaEmision: "07-01-2026", invoiceTotal: 100 },
    ]);
    expect(await run("erp.xlsx", bytes, mapping)).toEqual({
      kind: "imported",
      total: 2,
      created: 2,
      updated: 0,
      coverageMark: null,
    });
    expect((await stored()).map((row) => [row.ncf, row.status, String(row.invoiceTotal)])).toEqual([
      ["E320000000010", "Aceptado", "250.75"],
      ["E320000000011", "En Proceso", "100"],
    ]);
  });

  it("sets the import-coverage mark with a file imported whole, never with a refused one", async () => {
    const mark = Date.now() - 60_000;
    const bad = await xlsx([["ncf"], ["E310000000001"], ["nada"]]);
    const refused = await importErpFile({
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "TesteCF",
      fileName: "erp.xlsx",
      bytes: bad,
      mapping: { ncf: 0 },
      coveredUntil: mark,
      createdBy: "ana@empresa.do",
    });
    expect(refused.kind).toBe("rows");
    expect(await getCoverageMark(account.auth.accountId, "TesteCF")).toBeNull();
    const good = await xlsx([["ncf"], ["E310000000001"]]);
    const imported = await importErpFile({
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "TesteCF",
      fileName: "erp.xlsx",
      bytes: good,
      mapping: { ncf: 0 },
      coveredUntil: mark,
      createdBy: "ana@empresa.do",
    });
    expect(imported).toMatchObject({ kind: "imported", created: 1, coverageMark: mark });
    expect(await getCoverageMark(account.auth.accountId, "TesteCF")).toMatchObject({
      coveredUntil: mark,
      setBy: "ana@empresa.do",
    });
  });

  it("imports nothing from a sheet with one bad row", async () => {
    const bytes = await xlsx([
      ["ncf", "status"],
      ["E310000000001", "Aceptado"],
      [],
      ["E310000000002", "Quizás"],
    ]);
    expect(await run("erp.xlsx", bytes, { ncf: 0, status: 1 })).toEqual({
      kind: "rows",
      errors: [{ row: 4, field: "status", problem: "invalidStatus", value: "Quizás" }],
    });
    expect(await stored()).toEqual([]);
  });
});
