import { describe, expect, it } from "vitest";

import { buildQrUrl, usesConsumerSummaryQr } from "./qr-url";

describe("buildQrUrl", () => {
  it("builds consultatimbre with every parameter, in DGII's order, per environment", () => {
    const url = buildQrUrl({
      environment: "CerteCF",
      rncEmisor: "130000001",
      rncComprador: "101000001",
      encf: "E310000000001",
      fechaEmision: "01-04-2026",
      montoTotal: 1180,
      fechaFirma: "01-04-2026 10:15:30",
      codigoSeguridad: "aB3+x/",
    });
    expect(url).toBe(
      "https://ecf.dgii.gov.do/certecf/consultatimbre?rncemisor=130000001&rnccomprador=101000001" +
        "&encf=E310000000001&fechaemision=01-04-2026&montototal=1180.00" +
        "&fechafirma=01-04-2026%2010%3A15%3A30&codigoseguridad=aB3%2Bx%2F",
    );
  });

  it("keeps a + of the security code through URL parsing", () => {
    const url = new URL(
      buildQrUrl({
        environment: "eCF",
        rncEmisor: "130000001",
        encf: "E310000000002",
        montoTotal: "50.5",
        codigoSeguridad: "+A+b+",
      }),
    );
    expect(url.pathname).toBe("/ecf/consultatimbre");
    expect(url.searchParams.get("codigoseguridad")).toBe("+A+b+");
    expect(url.searchParams.get("montototal")).toBe("50.5");
    expect(url.searchParams.get("rnccomprador")).toBe("");
  });

  it("uses consultatimbrefc for a consumer invoice under RD$250,000", () => {
    const url = buildQrUrl({
      environment: "TesteCF",
      rncEmisor: "130000001",
      rncComprador: "101000001",
      encf: "E320000000007",
      fechaEmision: "01-04-2026",
      montoTotal: "249999.99",
      fechaFirma: "01-04-2026 10:15:30",
      codigoSeguridad: "Zx+9Qa",
    });
    expect(url).toBe(
      "https://ecf.dgii.gov.do/testecf/consultatimbrefc?rncemisor=130000001&encf=E320000000007" +
        "&montototal=249999.99&codigoseguridad=Zx%2B9Qa",
    );
  });

  it("uses the full consultatimbre for a consumer invoice of RD$250,000 or more, and for other types", () => {
    expect(usesConsumerSummaryQr("E320000000007", 250_000)).toBe(false);
    expect(usesConsumerSummaryQr("E320000000007", "249999.99")).toBe(true);
    expect(usesConsumerSummaryQr("E310000000007", 10)).toBe(false);
    const url = buildQrUrl({
      environment: "TesteCF",
      rncEmisor: "130000001",
      encf: "E320000000008",
      montoTotal: 250_000,
      fechaEmision: "02-04-2026",
      fechaFirma: "02-04-2026 08:00:00",
      codigoSeguridad: "abc123",
    });
    expect(url).toContain("/testecf/consultatimbre?");
    expect(url).toContain("montototal=250000.00");
  });
});
