import { describe, expect, it } from "vitest";
import { buildAnecfXml, prettyPrintXml } from "@/lib/domain/anecf-xml";
import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { validateAgainstXsd } from "@/lib/taxauth-simulator/validate-xsd";

import { buildAnecfXmlReference } from "./testing/build-anecf-reference";

function planOf(body: unknown): VoidPlan {
  const result = validateVoidRequest(body, { now: Date.UTC(2026, 10, 22, 12, 0, 0) });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

// The XSD requires one element after DetalleAnulacion (the Signature); signing tests use a real one.
const withStandInSignature = (xml: string) => xml.replace("</ANECF>", "<Signature/></ANECF>");

describe("buildAnecfXml", () => {
  const plan = planOf({
    ranges: [
      { secuenciaDesde: "E320000000010", secuenciaHasta: "E320000000019" },
      { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000005" },
      { secuenciaDesde: "F310000000007", secuenciaHasta: "F310000000007" },
    ],
  });

  it("writes the XSD's element order, compact, with computed lines and counts", () => {
    expect(buildAnecfXml({ rncEmisor: "130000001", plan })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><ANECF><Encabezado><Version>1.0</Version><RncEmisor>130000001</RncEmisor>' +
        "<CantidadeNCFAnulados>16</CantidadeNCFAnulados><FechaHoraAnulacioneNCF>22-11-2026 08:00:00</FechaHoraAnulacioneNCF>" +
        "</Encabezado><DetalleAnulacion><Anulacion><NoLinea>1</NoLinea><TipoeCF>31</TipoeCF><TablaRangoSecuenciasAnuladaseNCF>" +
        "<Secuencias><SecuenciaeNCFDesde>E310000000001</SecuenciaeNCFDesde><SecuenciaeNCFHasta>E310000000005</SecuenciaeNCFHasta></Secuencias>" +
        "<Secuencias><SecuenciaeNCFDesde>F310000000007</SecuenciaeNCFDesde><SecuenciaeNCFHasta>F310000000007</SecuenciaeNCFHasta></Secuencias>" +
        "</TablaRangoSecuenciasAnuladaseNCF><CantidadeNCFAnulados>6</CantidadeNCFAnulados></Anulacion><Anulacion><NoLinea>2</NoLinea>" +
        "<TipoeCF>32</TipoeCF><TablaRangoSecuenciasAnuladaseNCF><Secuencias><SecuenciaeNCFDesde>E320000000010</SecuenciaeNCFDesde>" +
        "<SecuenciaeNCFHasta>E320000000019</SecuenciaeNCFHasta></Secuencias></TablaRangoSecuenciasAnuladaseNCF>" +
        "<CantidadeNCFAnulados>10</CantidadeNCFAnulados></Anulacion></DetalleAnulacion></ANECF>",
    );
  });

  it.each([1, 37, 10_000, 100_000])("is byte-identical to xmlbuilder2 for %i ranges", (count) => {
    const big = planOf(sampleVoidBody(count));
    expect(buildAnecfXml({ rncEmisor: "40212345678", plan: big })).toBe(
      buildAnecfXmlReference({ rncEmisor: "40212345678", plan: big }),
    );
  });

  it("refuses an RncEmisor that is not 9 or 11 digits", () => {
    expect(() => buildAnecfXml({ rncEmisor: "13000000", plan })).toThrow(/9 or 11 digits/);
  });

  it("passes DGII's official XSD (with the signature slot filled) and fails it when broken", async () => {
    const xml = buildAnecfXml({ rncEmisor: "130000001", plan });
    expect(await validateAgainstXsd(withStandInSignature(xml), "anecf")).toEqual({ valid: true, errors: [] });
    // Without the signature the XSD's required last element is missing.
    expect((await validateAgainstXsd(xml, "anecf")).valid).toBe(false);
    const badVersion = withStandInSignature(xml.replace("<Version>1.0</Version>", "<Version>1.1</Version>"));
    expect((await validateAgainstXsd(badVersion, "anecf")).valid).toBe(false);
    const badType = withStandInSignature(xml.replace("<TipoeCF>31</TipoeCF>", "<TipoeCF>35</TipoeCF>"));
    expect((await validateAgainstXsd(badType, "anecf")).valid).toBe(false);
  });

  it("a 100,000-range document passes the XSD", async () => {
    const xml = buildAnecfXml({ rncEmisor: "130000001", plan: planOf(sampleVoidBody(100_000)) });
    expect((await validateAgainstXsd(withStandInSignature(xml), "anecf")).valid).toBe(true);
  });

  it("pretty-prints for reading without changing content", () => {
    const xml = buildAnecfXml({ rncEmisor: "130000001", plan });
    const pretty = prettyPrintXml(xml);
    expect(pretty.split("\n")).toContain("      <NoLinea>1</NoLinea>");
    expect(pretty.replace(/\n\s*/g, "")).toBe(xml);
  });
});
