import { describe, expect, it } from "vitest";

import { rfceOf } from "@/lib/domain/rfce";
import { AppError } from "@/lib/errors";
import type { SigningCredential } from "@/lib/server/platform/signing";
import { validateAgainstXsd } from "@/lib/taxauth-simulator/validate-xsd";

import { buildEcfXml } from "./ecf-schema";
import { signedSummaryOf } from "./send-summary";
import { sampleEcfBody } from "./testing/sample-ecf-bodies";

/** The sample e-CF 32 with a foreign buyer, three payment forms, an additional tax and a negative non-billable amount. */
function richConsumerInvoice() {
  const ecf = sampleEcfBody("32").ECF as Record<string, Record<string, Record<string, unknown>>>;
  const encabezado = ecf.Encabezado!;
  encabezado.IdDoc!.TablaFormasPago = {
    FormaDePago: [
      { FormaPago: 1, MontoPago: 500 },
      { FormaPago: "3", MontoPago: "900.5" },
      { FormaPago: 7, MontoPago: "99.50" },
    ],
  };
  encabezado.Comprador = { IdentificadorExtranjero: "PA1234567", RazonSocialComprador: "John Doe" };
  Object.assign(encabezado.Totales!, {
    MontoImpuestoAdicional: 25,
    ImpuestosAdicionales: {
      ImpuestoAdicional: [{ TipoImpuesto: "001", TasaImpuestoAdicional: 10, OtrosImpuestosAdicionales: 25 }],
    },
    MontoTotal: 1500,
    MontoNoFacturable: "-0.5",
    MontoPeriodo: "1499.5",
  });
  return ecf;
}

describe("the RFCE built from an e-CF 32", () => {
  it("is valid under DGII's RFCE XSD (libxml2), every amount with two decimals", async () => {
    const built = buildEcfXml("RFCE", rfceOf(richConsumerInvoice(), "Ab+3xZ"));
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    // The signature's place (xs:any) must hold an element for the XSD; any element stands for it here.
    const withSignature = built.xml.replace("</RFCE>", "<Signature/></RFCE>");
    expect(await validateAgainstXsd(withSignature, "rfce")).toEqual({ valid: true, errors: [] });
    expect(built.xml).toContain(
      "<TablaFormasPago><FormaDePago><FormaPago>1</FormaPago><MontoPago>500.00</MontoPago></FormaDePago>" +
        "<FormaDePago><FormaPago>3</FormaPago><MontoPago>900.50</MontoPago></FormaDePago>" +
        "<FormaDePago><FormaPago>7</FormaPago><MontoPago>99.50</MontoPago></FormaDePago></TablaFormasPago>",
    );
    expect(built.xml).toContain(
      "<Comprador><IdentificadorExtranjero>PA1234567</IdentificadorExtranjero><RazonSocialComprador>John Doe</RazonSocialComprador></Comprador>",
    );
    expect(built.xml).toContain(
      "<ImpuestosAdicionales><ImpuestoAdicional><TipoImpuesto>001</TipoImpuesto><OtrosImpuestosAdicionales>25.00</OtrosImpuestosAdicionales></ImpuestoAdicional></ImpuestosAdicionales>" +
        "<MontoTotal>1500.00</MontoTotal><MontoNoFacturable>-0.50</MontoNoFacturable><MontoPeriodo>1499.50</MontoPeriodo>",
    );
    expect(built.xml).toContain("<CodigoSeguridadeCF>Ab+3xZ</CodigoSeguridadeCF></Encabezado></RFCE>");
  });

  it("a summary that does not fit DGII's schema is this service's fault: INTERNAL_ERROR, nothing signed", () => {
    const ecf = richConsumerInvoice();
    delete ecf.Encabezado!.IdDoc!.TipoIngresos; // impossible past the e-CF's own XSD: forced here
    const unusable = {} as SigningCredential; // never reached: the walk refuses first
    let caught: unknown;
    try {
      signedSummaryOf(ecf, "Ab+3xZ", unusable);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe("INTERNAL_ERROR");
  });
});
