import { describe, expect, it } from "vitest";

import { sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";

import { at, errorsOf, FIRMA, type Json, xmlOf } from "./testing/walk-test-helpers";
import { buildEcfXml, XML_DECLARATION } from "./walk-ecf";

/** Every object's keys reversed, recursively: the JSON order must not matter. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  );
}

describe("buildEcfXml: the document", () => {
  it("starts with DGII's declaration and a bare <ECF> (no namespace), compact, FechaHoraFirma last", () => {
    const xml = xmlOf("31", sampleEcfBody("31"), FIRMA);
    expect(
      xml.startsWith(`${XML_DECLARATION}<ECF><Encabezado><Version>1.0</Version><IdDoc><TipoeCF>31</TipoeCF>`),
    ).toBe(true);
    expect(xml.endsWith("</DetallesItems><FechaHoraFirma>01-12-2026 10:15:00</FechaHoraFirma></ECF>")).toBe(
      true,
    );
    expect(xml).not.toMatch(/>\s+</);
  });

  it("writes elements in the XSD's order whatever the JSON's key order", () => {
    const shuffled = reversedKeys(sampleEcfBody("31"));
    expect(Object.keys(at(shuffled as Json, "ECF"))[0]).toBe("DetallesItems");
    expect(xmlOf("31", shuffled, FIRMA)).toBe(xmlOf("31", sampleEcfBody("31"), FIRMA));
  });

  it("writes a repeated element once per array entry, and takes a single object as a list of one", () => {
    const xml = xmlOf("31", sampleEcfBody("31"), FIRMA);
    expect(xml.match(/<Item>/g)).toHaveLength(3);
    expect(xml).toContain(
      "<TablaTelefonoEmisor><TelefonoEmisor>809-555-0100</TelefonoEmisor><TelefonoEmisor>809-555-0101</TelefonoEmisor></TablaTelefonoEmisor>",
    );
    const single = sampleEcfBody("31");
    at(single, "ECF.Encabezado.IdDoc.TablaFormasPago").FormaDePago = { FormaPago: 1, MontoPago: 7980.59 };
    expect(xmlOf("31", single, FIRMA)).toBe(xml);
  });

  it('leaves out empty values: "", blanks, null, {}, [] and groups holding only those', () => {
    const body = sampleEcfBody("31");
    Object.assign(at(body, "ECF.Encabezado"), {
      Transporte: {},
      InformacionesAdicionales: { NumeroContenedor: null, PesoBruto: "" },
    });
    Object.assign(at(body, "ECF.Encabezado.Emisor"), { WebSite: "   ", Sucursal: null, ZonaVenta: [] });
    at(body, "ECF").Paginacion = { Pagina: [{}, { PaginaNo: "" }] };
    at(body, "ECF").FechaHoraFirma = "";
    (at(body, "ECF.DetallesItems").Item as unknown[]).push({}, null);
    expect(xmlOf("31", body, FIRMA)).toBe(xmlOf("31", sampleEcfBody("31"), FIRMA));
  });

  it("escapes text for XML", () => {
    const body = sampleEcfBody("31");
    at(body, "ECF.Encabezado.Comprador").RazonSocialComprador = `Pérez & Hijos <SRL> "Los Ríos"`;
    expect(xmlOf("31", body, FIRMA)).toContain(
      `<RazonSocialComprador>Pérez &amp; Hijos &lt;SRL&gt; "Los Ríos"</RazonSocialComprador>`,
    );
  });
});

describe("buildEcfXml: numbers", () => {
  const itemXml = (value: unknown, field = "MontoItem") => {
    const body = sampleEcfBody("31");
    (at(body, "ECF.DetallesItems").Item as Json[])[1]![field] = value;
    return buildEcfXml("31", body, FIRMA);
  };

  it("writes a JSON number as its exact decimal text (118.5 stays 118.5; DGII's pattern allows 1 or 2 decimals)", () => {
    expect(itemXml(118.5)).toMatchObject({
      ok: true,
      xml: expect.stringContaining("<MontoItem>118.5</MontoItem>"),
    });
    expect(itemXml(2500.5)).toMatchObject({
      ok: true,
      xml: expect.stringContaining("<MontoItem>2500.5</MontoItem>"),
    });
    expect(itemXml(1e-4, "PrecioUnitarioItem")).toMatchObject({
      ok: true,
      xml: expect.stringContaining("<PrecioUnitarioItem>0.0001</PrecioUnitarioItem>"),
    });
  });

  it("keeps a string's digits as written (trailing zeros included)", () => {
    expect(itemXml("118.50")).toMatchObject({
      ok: true,
      xml: expect.stringContaining("<MontoItem>118.50</MontoItem>"),
    });
  });

  it("never hides a float artefact or an exponent: 0.1 + 0.2 and 1e21 are reported, not rounded", () => {
    const sum = itemXml(0.1 + 0.2);
    expect(sum).toMatchObject({
      ok: false,
      errors: [{ code: "FRACTION_DIGITS", field: "ECF.DetallesItems.Item[1].MontoItem" }],
    });
    expect(JSON.stringify(sum)).toContain("0.30000000000000004");
    const huge = itemXml(1e21);
    expect(huge).toMatchObject({
      ok: false,
      errors: [{ code: "DIGITS", field: "ECF.DetallesItems.Item[1].MontoItem" }],
    });
    expect(JSON.stringify(huge)).toContain("1000000000000000000000");
  });

  it("writes a numeric enumeration as DGII lists it (Version 1 → 1.0; e-CF 45's TipoIngresos 1 → 01)", () => {
    const body = sampleEcfBody("45");
    at(body, "ECF.Encabezado").Version = 1;
    at(body, "ECF.Encabezado.IdDoc").TipoIngresos = 1;
    expect(xmlOf("45", body, FIRMA)).toContain(
      "<Version>1.0</Version><IdDoc><TipoeCF>45</TipoeCF><eNCF>E450000000001</eNCF><FechaVencimientoSecuencia>31-12-2027</FechaVencimientoSecuencia><TipoIngresos>01</TipoIngresos>",
    );
  });

  it("pads a JSON number with the zeros a fixed-decimals pattern wants (RFCE's (.[0-9]{2})?), not a string", () => {
    const rfce = (montoTotal: unknown) => ({
      RFCE: {
        Encabezado: {
          Version: "1.0",
          IdDoc: { TipoeCF: 32, eNCF: "E320000000001", TipoIngresos: "01", TipoPago: 1 },
          Emisor: {
            RNCEmisor: "130000001",
            RazonSocialEmisor: "Comercial Anula Demo SRL",
            FechaEmision: "01-12-2026",
          },
          Comprador: {},
          Totales: { MontoGravadoTotal: 1250, MontoTotal: montoTotal },
          CodigoSeguridadeCF: "fWCZCV",
        },
      },
    });
    expect(buildEcfXml("RFCE", rfce(1475.5))).toMatchObject({
      ok: true,
      xml: expect.stringContaining(
        "<MontoGravadoTotal>1250</MontoGravadoTotal><MontoTotal>1475.50</MontoTotal>",
      ),
    });
    // Its Comprador is required by the XSD with nothing required inside: written empty, not refused.
    expect(buildEcfXml("RFCE", rfce(1475.5))).toMatchObject({
      ok: true,
      xml: expect.stringContaining("<Comprador></Comprador>"),
    });
    expect(buildEcfXml("RFCE", rfce("1475.5"))).toMatchObject({
      ok: false,
      errors: [{ code: "PATTERN", field: "RFCE.Encabezado.Totales.MontoTotal" }],
    });
  });
});

describe("buildEcfXml: FechaHoraFirma comes from the caller", () => {
  it("ignores a value in the body and writes the caller's", () => {
    const body = sampleEcfBody("31");
    at(body, "ECF").FechaHoraFirma = "02-02-2020 00:00:00";
    expect(xmlOf("31", body, FIRMA)).toContain("<FechaHoraFirma>01-12-2026 10:15:00</FechaHoraFirma>");
  });

  it("is REQUIRED when the caller gives none, and checked against DGII's pattern when given", () => {
    expect(errorsOf("31", sampleEcfBody("31"), {})).toEqual([
      expect.objectContaining({ code: "REQUIRED", field: "ECF.FechaHoraFirma", name: "FechaHoraFirma" }),
    ]);
    expect(errorsOf("31", sampleEcfBody("31"), { fechaHoraFirma: "2026-12-01T10:15:00" })).toEqual([
      expect.objectContaining({ code: "PATTERN", field: "ECF.FechaHoraFirma" }),
    ]);
  });
});
