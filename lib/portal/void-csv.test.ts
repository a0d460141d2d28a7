import { describe, expect, it } from "vitest";

import { getDictionary } from "@/lib/i18n";
import { csvLine } from "@/lib/server/platform/http/csv";

import { voidCsvHeader, voidCsvRows } from "./void-csv";
import type { VoidListItem } from "./void-history";

const es = getDictionary("es");

function item(overrides: Partial<VoidListItem> = {}): VoidListItem {
  return {
    voidId: "0190f100-0000-7000-8000-000000000001",
    accountId: "a",
    customerId: "130000001",
    environment: "TesteCF",
    status: "Aceptado",
    fechaHoraAnulacion: "23-11-2026 10:00:00",
    totalVoided: 15,
    fileName: "130000001ANECF0190f100-0000-7000-8000-000000000001.xml",
    taxauthCode: "1",
    taxauthName: "Aceptado",
    taxauthResponse: [],
    errorCode: null,
    errorMessage: null,
    createdBy: "ana@empresa.do (portal)",
    createdAt: Date.UTC(2026, 10, 23, 14, 0, 0),
    updateAt: Date.UTC(2026, 10, 23, 14, 0, 0),
    ranges: [
      { tipoeCF: "31", secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000010", cantidad: 10 },
      { tipoeCF: "32", secuenciaDesde: "E320000000001", secuenciaHasta: "E320000000005", cantidad: 5 },
    ],
    ...overrides,
  } as VoidListItem;
}

describe("the history CSV", () => {
  it("has Spanish headers and one row per range, dates as the portal shows them", () => {
    expect(csvLine(voidCsvHeader(es.finding.csv, es.voidReasons.csv))).toBe(
      "Fecha,Anulación,Estado,Ambiente,Fecha y hora de anulación,Total anulado,Tipo,Desde,Hasta,Cantidad," +
        "Exceptuado por la DGII,Archivo,Código DGII,Respuesta DGII,Mensajes DGII,Enviado por," +
        "Motivo,Código de motivo,Descripción del motivo\r\n",
    );
    const rows = [...voidCsvRows(item(), es)].map(csvLine);
    expect(rows).toHaveLength(2);
    // 14:00 UTC is 10:00 in Santo Domingo; no ISO timestamp, no milliseconds.
    expect(rows[0]).toMatch(/^23-11-2026 10:00:00,0190f100-0000-7000-8000-000000000001,Aceptado,TesteCF,/);
    expect(rows[0]).toContain(",31,E310000000001,E310000000010,10,,");
    expect(rows[1]).toContain(",32,E320000000001,E320000000005,5,,");
  });

  it("words the status as the history does: partial, settled by hand or by a resend, to review", () => {
    const partial = item({ excepted: [item().ranges[1]!], totalExcepted: 5 });
    const [row] = [...voidCsvRows(partial, es, { settledBy: "hand", needsReview: true })].map(csvLine);
    expect(row).toContain(",Aceptado · parcial · confirmada a mano · revisar,TesteCF,");
    const [resent] = [...voidCsvRows(item(), getDictionary("en"), { settledBy: "resend" })].map(csvLine);
    expect(resent).toContain(",Accepted · by resend,TesteCF,");
  });

  it("puts a 10,000-range void in 10,000 short rows, and marks DGII's excepted ranges", () => {
    const ranges = Array.from({ length: 10_000 }, (_, i) => {
      const encf = `E31${String(3 * i + 1).padStart(10, "0")}`;
      return { tipoeCF: "31", secuenciaDesde: encf, secuenciaHasta: encf, cantidad: 1 };
    });
    const excepted = [ranges[0]!];
    const lines = [...voidCsvRows(item({ ranges, excepted, totalExcepted: 1 }), es)].map(csvLine);
    expect(lines).toHaveLength(10_001);
    const longestCell = lines
      .flatMap((line) => line.split(",").map((cell) => cell.length))
      .reduce((a, b) => Math.max(a, b), 0);
    expect(longestCell).toBeLessThan(100);
    expect(lines[10_000]).toContain(",E310000000001,E310000000001,1,Sí,");
  });

  it("ends each row with the reason: its words, the bare code and the text; 'Sin motivo' when none", () => {
    const reason = { code: "08" as const, text: "Saltos, por un error del ERP" };
    const rows = [...voidCsvRows(item({ reason }), es)].map(csvLine);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.endsWith(',08 · Errores en secuencia de NCF,08,"Saltos, por un error del ERP"\r\n')).toBe(
        true,
      );
    }
    const [english] = [...voidCsvRows(item({ reason: { code: "10", text: null } }), getDictionary("en"))].map(
      csvLine,
    );
    expect(english!.endsWith(",10 · Loss or theft of receipt books,10,\r\n")).toBe(true);
    const [none] = [...voidCsvRows(item({ reason: null }), es)].map(csvLine);
    expect(none!.endsWith(",ana@empresa.do (portal),Sin motivo,,\r\n")).toBe(true);
    const [hostile] = [...voidCsvRows(item({ reason: { code: "01", text: "=1+1" } }), es)].map(csvLine);
    expect(hostile!.endsWith(",'=1+1\r\n")).toBe(true);
  });

  it("neutralises spreadsheet formulas in every cell that carries outside text", () => {
    const hostile = item({
      createdBy: '=HYPERLINK("http://x")',
      taxauthName: "+cmd",
      taxauthResponse: ["-2+3"],
      fileName: "@SUM(A1)",
      status: "Rechazado",
    });
    const [line] = [...voidCsvRows(hostile, es)].map(csvLine);
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(",'+cmd,");
    expect(line).toContain(",'-2+3,");
    expect(line).toContain(",'@SUM(A1),");
    for (const start of ["\t", "\r"]) {
      const [tabbed] = [...voidCsvRows(item({ createdBy: `${start}=1+1` }), es)].map(csvLine);
      expect(tabbed).toContain(`'${start}=1+1`);
    }
  });
});
