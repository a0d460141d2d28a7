import { describe, expect, it } from "vitest";

import { printedMarks } from "@/lib/domain/printed-ecf";

import type { PrintedEcf } from "./read-signed-ecf";
import { renderPrintedEcf } from "./render-printed-ecf";
import { readPdf } from "./testing/read-pdf";

const QR_URL =
  "https://ecf.dgii.gov.do/testecf/consultatimbre?rncemisor=130000001&rnccomprador=131880738" +
  "&encf=E310000000001&fechaemision=01-12-2026&montototal=11800.00&fechafirma=01-12-2026%2010%3A00%3A00" +
  "&codigoseguridad=abc%2Bde";

/** A type 31 of `lines` lines of RD$10 at 18 %, as readSignedEcf reads one. */
function ecfOf(lines: number): PrintedEcf {
  return {
    tipo: "31",
    encf: "E310000000001",
    fechaVencimiento: "31-12-2027",
    fechaEmision: "01-12-2026",
    numeroFacturaInterna: null,
    emisor: {
      rnc: "130000001",
      razonSocial: "Comercial Anula Demo SRL",
      nombreComercial: null,
      sucursal: null,
      direccion: "Av. Abraham Lincoln No. 1003",
      municipio: null,
      provincia: null,
      telefonos: [],
      correo: null,
    },
    comprador: {
      rnc: "131880738",
      identificadorExtranjero: null,
      razonSocial: "Distribuidora del Cibao SRL",
    },
    items: Array.from({ length: lines }, (_, index) => ({
      linea: String(index + 1),
      indicadorFacturacion: "1",
      nombre: `Artículo ${index + 1}`,
      cantidad: "1",
      unidad: null,
      precio: "10.00",
      descuento: null,
      recargo: null,
      monto: "10.00",
    })),
    totales: { MontoGravadoI1: `${lines * 10}.00`, ITBIS1: "18", MontoTotal: `${lines * 11.8}` },
    otraMoneda: null,
    descuentosORecargos: [],
    referencia: null,
    fechaHoraFirma: "01-12-2026 10:00:00",
  };
}

const input = (lines: number, contingency = false) => ({
  ecf: ecfOf(lines),
  securityCode: "abc+de",
  signedDate: "01-12-2026 10:00:00",
  qrUrl: QR_URL,
  marks: printedMarks("Aceptado", { contingency }),
});

describe("renderPrintedEcf", () => {
  it("prints DGII's 1,000 lines: letter pages, and a receipt cut into pieces no viewer refuses", async () => {
    for (const layout of ["letter", "receipt"] as const) {
      const pdf = await readPdf(await renderPrintedEcf(input(1000), layout));
      expect(pdf.pageCount).toBeGreaterThan(1);
      for (const size of pdf.sizes) expect(size.height).toBeLessThanOrEqual(14_400);
      const all = pdf.texts.join("\n");
      expect(all).toContain("Artículo 1000");
      expect(pdf.texts.at(-1)).toContain(`Página ${pdf.pageCount} de ${pdf.pageCount}`);
      expect(pdf.texts.at(-1)).toContain("Código de Seguridad: abc+de");
      expect(pdf.qr(pdf.pageCount - 1)?.data).toBe(QR_URL);
    }
  });

  it("prints the contingency legend when the caller says the e-CF was issued in contingency", async () => {
    const text = (await readPdf(await renderPrintedEcf(input(1, true), "receipt"))).texts[0]!;
    expect(text).toContain("e-CF emitido en modalidad de contingencia");
    expect((await readPdf(await renderPrintedEcf(input(1), "receipt"))).texts[0]).not.toContain(
      "contingencia",
    );
  });
});
