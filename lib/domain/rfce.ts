import type { EcfJson } from "./ecf-validation";
import { groupItems, Money, objectAt, textAt, type JsonObject } from "./ecf-rules/json-access";

/**
 * The consumer-invoice summary (RFCE) DGII receives for a type 32 under RD$250,000, made from the
 * full e-CF the issuer keeps (DGII's "Formato Resumen Factura de Consumo Electrónica v1.0" and
 * `RFCE 32 v.1.0.xsd`). Every field the format lists is copied from the e-CF's field of the same
 * name — the summary has no value of its own but the security code — so its amounts can never
 * disagree with the invoice: no sum is computed here, each amount is the e-CF's written with the
 * two decimals the RFCE's pattern asks for (the e-CF's own pattern allows at most two, so the value
 * never changes). What the format does not carry is left out: the lines, the e-CF's other IdDoc,
 * Emisor and Comprador fields, the ITBIS rates, TasaImpuestoAdicional, SaldoAnterior,
 * MontoAvancePago, ValorPagar and OtraMoneda (the RFCE is in pesos, as the e-CF's Totales are).
 */
export interface Rfce {
  RFCE: {
    Encabezado: {
      Version: "1.0";
      IdDoc: JsonObject;
      Emisor: JsonObject;
      Comprador: JsonObject;
      Totales: JsonObject;
      CodigoSeguridadeCF: string;
    };
  };
}

/** Totales' amounts the format carries, in the XSD's order (ImpuestosAdicionales sits before MontoTotal). */
const TOTALES_BEFORE_TAXES = [
  "MontoGravadoTotal",
  "MontoGravadoI1",
  "MontoGravadoI2",
  "MontoGravadoI3",
  "MontoExento",
  "TotalITBIS",
  "TotalITBIS1",
  "TotalITBIS2",
  "TotalITBIS3",
  "MontoImpuestoAdicional",
] as const;
const TOTALES_AFTER_TAXES = ["MontoTotal", "MontoNoFacturable", "MontoPeriodo"] as const;
const ADDITIONAL_TAX_AMOUNTS = [
  "MontoImpuestoSelectivoConsumoEspecifico",
  "MontoImpuestoSelectivoConsumoAdvalorem",
  "OtrosImpuestosAdicionales",
] as const;

/**
 * The RFCE of a (valid) e-CF 32, `{ RFCE: { Encabezado: … } }` in the walk's JSON shape (a repeated
 * group as an object holding one array), carrying `securityCode`: the full e-CF's, the first six
 * characters of its SignatureValue (the RFCE's CodigoSeguridadeCF and the printed QR's).
 */
export function rfceOf(ecf: EcfJson, securityCode: string): Rfce {
  const encabezado = objectAt(ecf.Encabezado);
  const idDoc = objectAt(encabezado?.IdDoc);
  const emisor = objectAt(encabezado?.Emisor);
  const comprador = objectAt(encabezado?.Comprador);
  const totales = objectAt(encabezado?.Totales);
  const formasPago = groupItems(idDoc, "TablaFormasPago", "FormaDePago").map((forma) =>
    present({ FormaPago: textAt(forma, "FormaPago"), MontoPago: amountAt(forma, "MontoPago") }),
  );
  const impuestos = groupItems(totales, "ImpuestosAdicionales", "ImpuestoAdicional").map((impuesto) =>
    present({
      TipoImpuesto: textAt(impuesto, "TipoImpuesto"),
      ...amountsOf(impuesto, ADDITIONAL_TAX_AMOUNTS),
    }),
  );
  return {
    RFCE: {
      Encabezado: {
        Version: "1.0",
        IdDoc: present({
          TipoeCF: textAt(idDoc, "TipoeCF"),
          eNCF: textAt(idDoc, "eNCF"),
          TipoIngresos: textAt(idDoc, "TipoIngresos"),
          TipoPago: textAt(idDoc, "TipoPago"),
          TablaFormasPago: formasPago.length > 0 ? { FormaDePago: formasPago } : undefined,
        }),
        Emisor: present({
          RNCEmisor: textAt(emisor, "RNCEmisor"),
          RazonSocialEmisor: textAt(emisor, "RazonSocialEmisor"),
          FechaEmision: textAt(emisor, "FechaEmision"),
        }),
        // The XSD wants the area even for an anonymous consumer: written empty then.
        Comprador: present({
          RNCComprador: textAt(comprador, "RNCComprador"),
          IdentificadorExtranjero: textAt(comprador, "IdentificadorExtranjero"),
          RazonSocialComprador: textAt(comprador, "RazonSocialComprador"),
        }),
        Totales: present({
          ...amountsOf(totales, TOTALES_BEFORE_TAXES),
          ImpuestosAdicionales: impuestos.length > 0 ? { ImpuestoAdicional: impuestos } : undefined,
          ...amountsOf(totales, TOTALES_AFTER_TAXES),
        }),
        CodigoSeguridadeCF: securityCode,
      },
    },
  };
}

/**
 * An amount as the RFCE writes it: the e-CF's value with exactly two decimals. A string is written
 * as it stands by the walk (only JSON numbers are padded to a pattern), so the padding is done here
 * for both. A value that is not a plain decimal is passed on as written, for the walk to report.
 */
function amountAt(parent: JsonObject | undefined, key: string): string | undefined {
  const text = textAt(parent, key);
  if (text === undefined) return undefined;
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return text;
  const value = new Money(text);
  return value.isZero() ? "0.00" : value.toFixed(2); // never "-0.00"
}

function amountsOf(
  parent: JsonObject | undefined,
  keys: readonly string[],
): Record<string, string | undefined> {
  return Object.fromEntries(keys.map((key) => [key, amountAt(parent, key)]));
}

/** The object without its absent values, so the summary holds only what the e-CF had. */
function present(fields: Record<string, unknown>): JsonObject {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
