import { describe, expect, it } from "vitest";

import { sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";

import { compileSchemaText } from "./compile-schema";
import { ECF_SCHEMA_ERROR_CODES } from "./error-codes";
import { at, errorsOf, FIRMA, type Json, onlyError } from "./testing/walk-test-helpers";
import { buildXmlFromSchema, XML_DECLARATION } from "./walk-ecf";

describe("buildEcfXml: each problem, with its JSON path and a Spanish explanation", () => {
  it("REQUIRED: a missing required element, or one given empty", () => {
    expect(onlyError((b) => delete at(b, "ECF.Encabezado.IdDoc").eNCF)).toMatchObject({
      code: "REQUIRED",
      field: "ECF.Encabezado.IdDoc.eNCF",
      name: "eNCF",
      details: "Falta eNCF: es obligatorio en ECF.Encabezado.IdDoc.",
    });
    expect(onlyError((b) => (at(b, "ECF.Encabezado.Comprador").RNCComprador = ""))).toMatchObject({
      code: "REQUIRED",
      field: "ECF.Encabezado.Comprador.RNCComprador",
    });
    expect(
      onlyError((b) => ((at(b, "ECF.DetallesItems").Item as Json[])[2]!.MontoItem = null)),
    ).toMatchObject({ code: "REQUIRED", field: "ECF.DetallesItems.Item[2].MontoItem" });
  });

  it("UNKNOWN_FIELD: says where a misplaced element belongs, or the spelling it meant", () => {
    const misplaced = onlyError((b) => (at(b, "ECF.Encabezado.Emisor").TipoeCF = "31"));
    expect(misplaced).toMatchObject({
      code: "UNKNOWN_FIELD",
      field: "ECF.Encabezado.Emisor.TipoeCF",
      name: "TipoeCF",
    });
    expect(misplaced.details).toContain("TipoeCF va en ECF.Encabezado.IdDoc");
    const body = sampleEcfBody("31");
    const idDoc = at(body, "ECF.Encabezado.IdDoc");
    idDoc.ENCF = idDoc.eNCF;
    delete idDoc.eNCF;
    const [cased, missing] = errorsOf("31", body, FIRMA);
    expect(cased).toMatchObject({ code: "UNKNOWN_FIELD", field: "ECF.Encabezado.IdDoc.ENCF" });
    expect(cased!.details).toContain("¿Quiso decir eNCF?");
    expect(missing).toMatchObject({ code: "REQUIRED", field: "ECF.Encabezado.IdDoc.eNCF" });
  });

  it("NOT_REPEATABLE: a list where one element goes", () => {
    expect(
      onlyError((b) => (at(b, "ECF.Encabezado").Comprador = [at(b, "ECF.Encabezado.Comprador")])),
    ).toMatchObject({ code: "NOT_REPEATABLE", field: "ECF.Encabezado.Comprador" });
  });

  it("TOO_MANY: more entries than maxOccurs", () => {
    const error = onlyError(
      (b) =>
        (at(b, "ECF.Encabezado.Emisor.TablaTelefonoEmisor").TelefonoEmisor = [
          "809-555-0100",
          "809-555-0101",
          "809-555-0102",
          "809-555-0103",
        ]),
    );
    expect(error).toMatchObject({
      code: "TOO_MANY",
      field: "ECF.Encabezado.Emisor.TablaTelefonoEmisor.TelefonoEmisor",
    });
    expect(error.details).toContain("como máximo 3");
  });

  it("WRONG_TYPE: an object for a value, a value for a group, true/false, text for a number", () => {
    expect(onlyError((b) => (at(b, "ECF.Encabezado.Totales").MontoTotal = { valor: 1 }))).toMatchObject({
      code: "WRONG_TYPE",
      field: "ECF.Encabezado.Totales.MontoTotal",
    });
    expect(onlyError((b) => (at(b, "ECF.Encabezado").Emisor = "130000001"))).toMatchObject({
      code: "WRONG_TYPE",
      field: "ECF.Encabezado.Emisor",
    });
    expect(onlyError((b) => (at(b, "ECF.Encabezado.IdDoc").IndicadorMontoGravado = false))).toMatchObject({
      code: "WRONG_TYPE",
      field: "ECF.Encabezado.IdDoc.IndicadorMontoGravado",
    });
    expect(onlyError((b) => (at(b, "ECF.Encabezado.Totales").MontoExento = "1,000.00"))).toMatchObject({
      code: "WRONG_TYPE",
      field: "ECF.Encabezado.Totales.MontoExento",
    });
    expect(
      onlyError((b) => ((at(b, "ECF.DetallesItems").Item as Json[])[0]!.NumeroLinea = 1.5)),
    ).toMatchObject({ code: "WRONG_TYPE", field: "ECF.DetallesItems.Item[0].NumeroLinea" });
  });

  it("INVALID_CHARACTER: a control character XML cannot carry", () => {
    expect(
      onlyError((b) => ((at(b, "ECF.DetallesItems").Item as Json[])[0]!.NombreItem = "Resma\u0007")),
    ).toMatchObject({ code: "INVALID_CHARACTER", field: "ECF.DetallesItems.Item[0].NombreItem" });
  });

  it("ENUMERATION: names the allowed values", () => {
    const error = onlyError((b) => (at(b, "ECF.Encabezado.IdDoc").TipoIngresos = "07"));
    expect(error).toMatchObject({ code: "ENUMERATION", field: "ECF.Encabezado.IdDoc.TipoIngresos" });
    expect(error.details).toContain("01, 02, 03, 04, 05, 06");
  });

  it("MIN_LENGTH and MAX_LENGTH: name the limit", () => {
    expect(onlyError((b) => (at(b, "ECF.Encabezado.IdDoc").eNCF = "E3100000001"))).toMatchObject({
      code: "MIN_LENGTH",
      field: "ECF.Encabezado.IdDoc.eNCF",
      details: "eNCF debe tener al menos 13 caracteres; tiene 11.",
    });
    expect(
      onlyError((b) => ((at(b, "ECF.DetallesItems").Item as Json[])[1]!.NombreItem = "x".repeat(81))),
    ).toMatchObject({
      code: "MAX_LENGTH",
      field: "ECF.DetallesItems.Item[1].NombreItem",
      details: "NombreItem admite como máximo 80 caracteres; tiene 81.",
    });
  });

  it("PATTERN: a date not in dd-MM-yyyy, an RNC of 10 digits", () => {
    expect(onlyError((b) => (at(b, "ECF.Encabezado.Emisor").FechaEmision = "2026-12-01"))).toMatchObject({
      code: "PATTERN",
      field: "ECF.Encabezado.Emisor.FechaEmision",
    });
    expect(onlyError((b) => (at(b, "ECF.Encabezado.Comprador").RNCComprador = 1318807380))).toMatchObject({
      code: "PATTERN",
      field: "ECF.Encabezado.Comprador.RNCComprador",
    });
  });

  it("DIGITS and FRACTION_DIGITS: counted in the value, as XSD does", () => {
    expect(onlyError((b) => (at(b, "ECF.Encabezado.Totales").ITBIS1 = 118))).toMatchObject({
      code: "DIGITS",
      field: "ECF.Encabezado.Totales.ITBIS1",
    });
    expect(
      onlyError((b) => ((at(b, "ECF.DetallesItems").Item as Json[])[0]!.PrecioUnitarioItem = "350.12345")),
    ).toMatchObject({
      code: "FRACTION_DIGITS",
      field: "ECF.DetallesItems.Item[0].PrecioUnitarioItem",
      details: 'PrecioUnitarioItem admite como máximo 4 decimales; "350.12345" tiene 5.',
    });
  });

  it("RANGE: CantidadItem must be above 0, NumeroLinea at most 1000", () => {
    expect(
      onlyError((b) => ((at(b, "ECF.DetallesItems").Item as Json[])[0]!.CantidadItem = 0)),
    ).toMatchObject({
      code: "RANGE",
      field: "ECF.DetallesItems.Item[0].CantidadItem",
      details: 'CantidadItem debe ser mayor que 0; se recibió "0".',
    });
    expect(
      onlyError((b) => ((at(b, "ECF.DetallesItems").Item as Json[])[2]!.NumeroLinea = "1001")),
    ).toMatchObject({ code: "RANGE", field: "ECF.DetallesItems.Item[2].NumeroLinea" });
  });

  it("the body itself: not an object, no ECF, or keys beside ECF", () => {
    expect(errorsOf("31", [], FIRMA)).toEqual([
      expect.objectContaining({ code: "WRONG_TYPE", field: "ECF" }),
    ]);
    expect(errorsOf("31", {}, FIRMA)).toEqual([expect.objectContaining({ code: "REQUIRED", field: "ECF" })]);
    const extra = { ...sampleEcfBody("31"), Firma: "x" };
    expect(errorsOf("31", extra, FIRMA)).toEqual([
      expect.objectContaining({ code: "UNKNOWN_FIELD", field: "Firma" }),
    ]);
  });

  it("reports every problem at once, in the schema's order", () => {
    const body = sampleEcfBody("31");
    at(body, "ECF.Encabezado.IdDoc").TipoeCF = 30;
    delete at(body, "ECF.Encabezado.Emisor").RazonSocialEmisor;
    at(body, "ECF.Encabezado.Emisor").Moneda = "DOP";
    (at(body, "ECF.DetallesItems").Item as Json[])[2]!.MontoItem = -900;
    at(body, "ECF.Encabezado.Totales").MontoTotal = "7,980.59";
    expect(errorsOf("31", body, {}).map(({ code, field }) => `${code} ${field}`)).toEqual([
      "ENUMERATION ECF.Encabezado.IdDoc.TipoeCF",
      "UNKNOWN_FIELD ECF.Encabezado.Emisor.Moneda",
      "REQUIRED ECF.Encabezado.Emisor.RazonSocialEmisor",
      "WRONG_TYPE ECF.Encabezado.Totales.MontoTotal",
      "PATTERN ECF.DetallesItems.Item[2].MontoItem",
      "REQUIRED ECF.FechaHoraFirma",
    ]);
  });
});

describe("buildXmlFromSchema: constructs DGII's e-CF schemas do not use today", () => {
  const schema = compileSchemaText(
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <xs:simpleType name="Codigo"><xs:restriction base="xs:string"><xs:length value="3"/></xs:restriction></xs:simpleType>
      <xs:element name="R"><xs:complexType><xs:sequence>
        <xs:choice><xs:element name="Cedula" type="Codigo"/><xs:element name="Pasaporte" type="Codigo"/></xs:choice>
        <xs:element name="Nota" type="Codigo" minOccurs="2" maxOccurs="unbounded"/>
      </xs:sequence></xs:complexType></xs:element>
    </xs:schema>`,
    "R",
  );

  it("writes the one branch of a choice given", () => {
    expect(buildXmlFromSchema(schema, { R: { Nota: ["abc", "def"], Pasaporte: "P12" } })).toEqual({
      ok: true,
      xml: `${XML_DECLARATION}<R><Pasaporte>P12</Pasaporte><Nota>abc</Nota><Nota>def</Nota></R>`,
    });
  });

  it("CHOICE when two branches are given; REQUIRED when none is; LENGTH; too few entries", () => {
    const result = buildXmlFromSchema(schema, { R: { Cedula: "001", Pasaporte: "P12", Nota: ["abcd"] } });
    expect(result).toMatchObject({
      ok: false,
      errors: [
        { code: "CHOICE", field: "R.Pasaporte" },
        { code: "REQUIRED", field: "R.Nota" },
        { code: "LENGTH", field: "R.Nota[0]" },
      ],
    });
    expect(buildXmlFromSchema(schema, { R: { Nota: ["abc", "def"] } })).toMatchObject({
      ok: false,
      errors: [{ code: "REQUIRED", field: "R" }],
    });
  });
});

it("every schema error code is produced by a test above", () => {
  // Kept in step with error-codes.ts by hand: a new code needs its own test.
  expect(ECF_SCHEMA_ERROR_CODES).toEqual([
    "REQUIRED",
    "UNKNOWN_FIELD",
    "NOT_REPEATABLE",
    "TOO_MANY",
    "WRONG_TYPE",
    "INVALID_CHARACTER",
    "ENUMERATION",
    "LENGTH",
    "MIN_LENGTH",
    "MAX_LENGTH",
    "DIGITS",
    "FRACTION_DIGITS",
    "RANGE",
    "PATTERN",
    "CHOICE",
  ]);
});
