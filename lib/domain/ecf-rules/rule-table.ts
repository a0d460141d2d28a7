import { ecfError, type EcfValidationError } from "../ecf-validation";

/**
 * DGII's rules for an e-CF that its XSD does not express, one row each: what Anula checks after the
 * schema walk, with the code it reports and where DGII says so. Anula is stricter than DGII on
 * purpose: where DGII answers "Aceptado Condicional" (amounts outside tolerance), Anula refuses
 * before a number is spent. Where a text is ambiguous the row says which reading was taken.
 *
 * Sources (all DGII):
 * - IT: Informe Técnico e-CF v1.0 (reference/dgii-docs/informe-tecnico-ecf-v1.0.txt), printed pages.
 * - FORMATO: Formato e-CF v1.0 (oct. 2025). Its PDF is not in reference/; read in the Spanish
 *   transcription Tikiti/ecf-docs@07a391a, markdown/xml-formats/ecf-format-v1.0-original.md, field
 *   numbers as printed there. Only its field tables are relied on, never its added footnotes.
 * - XSD: DGII's e-CF schemas (reference/dgii-xsd/), their comments and minOccurs.
 * - RFCE: Formato Resumen Factura de Consumo Electrónica v1.0 (reference/dgii-docs/formato-rfce-v1.0.txt).
 */
export interface EcfRule {
  /** The code the rule reports (MSeller's `validationErrors[].code`). */
  code: string;
  description: string;
  source: string;
}

export const ECF_RULES = {
  ENCF_FORMAT: {
    code: "INVALID_ENCF",
    description:
      "The e-NCF has 13 positions: series E–Z (not P), a known 2-digit type, a non-zero 10-digit number.",
    source: "IT §7 p. 14 (estructura del e-NCF)",
  },
  TIPO_MATCHES_ENCF: {
    code: "TIPO_ECF_MISMATCH",
    description: "TipoeCF equals the type digits of the e-NCF (positions 2–3).",
    source: "IT §7 p. 14 ('los dos dígitos siguientes identifican el tipo de e-CF')",
  },
  SEQUENCE_NOT_EXPIRED: {
    code: "SECUENCIA_VENCIDA",
    description:
      "FechaVencimientoSecuencia is not before FechaEmision nor before today (when today is given).",
    source: "IT §7 p. 14 ('no podrá ser usada posterior a su vencimiento'); FORMATO campo 4",
  },
  BUYER_RNC_BY_TYPE: {
    code: "REQUIRED",
    description: "Types 31, 41 and 45 carry Comprador.RNCComprador.",
    source: "FORMATO campo 38 (código 1 en 31, 41, 45); XSD e-CF 31/41/45 RNCComprador minOccurs=1",
  },
  BUYER_CONSUMER_THRESHOLD: {
    code: "REQUIRED",
    description:
      "Type 32 with MontoTotal (pesos) ≥ 250,000.00 identifies the buyer: RNCComprador, or IdentificadorExtranjero " +
      "for a foreign buyer, and RazonSocialComprador.",
    source: "FORMATO campos 38 b) y d), 39, 40 a); IT §18.2.1 p. 32 nota 42",
  },
  BUYER_ID_CONFLICT: {
    code: "BUYER_ID_CONFLICT",
    description: "IdentificadorExtranjero is sent only when RNCComprador is empty, never both.",
    source: "FORMATO campo 39 b); RFCE p. 6 nota 3",
  },
  GIFT_CERTIFICATE_ONLY_32: {
    code: "FORMA_PAGO_NOT_ALLOWED",
    description: "FormaPago 5 (bonos o certificados de regalo) appears only on type 32.",
    source:
      "FORMATO campo 12 ('Si la forma de pago corresponde al tipo 5 el e-CF debe ser tipo 32'); IT §17 p. 31",
  },
  REFERENCE_ON_NOTES: {
    code: "REQUIRED",
    description:
      "Types 33 and 34 carry InformacionReferencia with NCFModificado, FechaNCFModificado, CodigoModificacion.",
    source:
      "IT §11.1 p. 19 (Información de Referencia obligatoria en notas); FORMATO sección F campos 1, 3, 4",
  },
  NCF_MODIFICADO_FORMAT: {
    code: "INVALID_NCF_MODIFICADO",
    description:
      "NCFModificado is an e-NCF (E, 13 positions, readable), a series-B NCF (11) or a series-A/P NCF (19); each " +
      "letter followed by digits (stricter reading: the note names lengths only).",
    source: "IT §18.2.1 p. 33 nota 44",
  },
  CREDIT_NOTE_INDICATOR: {
    code: "INDICADOR_NOTA_CREDITO_MISMATCH",
    description:
      "Type 34: IndicadorNotaCredito is 0 when FechaEmision is at most 30 calendar days after FechaNCFModificado, 1 when more.",
    source:
      "FORMATO campo 5; XSD e-CF 34 IndicadorNotaCreditoType (comentarios); IT §10 p. 17 (treinta días)",
  },
  PAYMENT_DUE_DATE_REQUIRED: {
    code: "REQUIRED",
    description:
      "TipoPago 2 (crédito) carries FechaLimitePago on the types where it is conditional (all but 43 and 47). " +
      "Stricter reading of 'condicional a que el tipo de pago sea a crédito' as 'required then'.",
    source: "FORMATO campo 10 (código 2; 0 en 43, 3 en 47)",
  },
  PAYMENT_DUE_DATE_ORDER: {
    code: "FECHA_LIMITE_PAGO_ANTERIOR",
    description: "FechaLimitePago is on or after FechaEmision.",
    source: "FORMATO campo 10 b)",
  },
  BILLING_PERIOD_ORDER: {
    code: "FECHA_DESDE_POSTERIOR",
    description: "FechaDesde is on or before FechaHasta.",
    source: "FORMATO campos 17 b) y 18 b)",
  },
  BILLING_INDICATOR_BY_TYPE: {
    code: "INDICADOR_FACTURACION_NOT_ALLOWED",
    description:
      "An item's IndicadorFacturacion has a total on its type: 41 all but no facturable (1–4); 43 and 47 only exento " +
      "(4); 44 exento or no facturable (4, 0); 46 tasa 3 or no facturable (3, 0).",
    source:
      "FORMATO campos 93–96 y 111 (código 0 'no corresponde' por tipo); XSD e-CF 41/43/44/46/47 (Totales sin esos montos)",
  },
  ITBIS_RATE_VALUES: {
    code: "ITBIS_RATE_MISMATCH",
    description: "ITBIS1 is 18, ITBIS2 16, ITBIS3 0 (percent).",
    source: "FORMATO campos 97–99; XSD IndicadorFacturacionType (1: 18%, 2: 16%, 3: 0%)",
  },
  ITBIS_RATE_REQUIRED: {
    code: "REQUIRED",
    description: "ITBIS1/2/3 is present when an item has IndicadorFacturacion 1/2/3.",
    source: "FORMATO campos 97 b), 98 b), 99 b)",
  },
  LINE_AMOUNT: {
    code: "AMOUNT_MISMATCH",
    description:
      "MontoItem = round(CantidadItem × PrecioUnitarioItem) − DescuentoMonto + RecargoMonto, within ±1.00. " +
      "A type 34 correcting text (CodigoModificacion 2) has MontoItem 0.",
    source: "IT §12 p. 21 (±1 por línea), §13 p. 22 (redondeo); FORMATO campo 39 a)–c)",
  },
  LINE_SUBADJUSTMENTS: {
    code: "AMOUNT_MISMATCH",
    description:
      "DescuentoMonto = Σ MontoSubDescuento and RecargoMonto = Σ MontoSubRecargo (exact); a percentage sub-line's " +
      "amount = PrecioUnitarioItem × % × CantidadItem, within the line's ±1.00.",
    source: "FORMATO campos 26 b), 29 b), 30 b), 33 b); IT §12 p. 21",
  },
  LINE_OTHER_CURRENCY: {
    code: "AMOUNT_MISMATCH",
    description:
      "MontoItemOtraMoneda = round(PrecioOtraMoneda × CantidadItem) − DescuentoOtraMoneda + RecargoOtraMoneda, within ±1.00.",
    source: "FORMATO detalle campo 38; IT §12 p. 21",
  },
  GLOBAL_ADJUSTMENT_FIELDS: {
    code: "REQUIRED",
    description:
      "Each DescuentoORecargo carries MontoDescuentooRecargo and IndicadorFacturacionDescuentooRecargo (needed to " +
      "know which total it changes).",
    source: "FORMATO sección D campos 7 b) y 9 (condicional a que exista descuento o recargo global)",
  },
  TOTALS_BY_RATE: {
    code: "AMOUNT_MISMATCH",
    description:
      "MontoGravadoI1/I2/I3, MontoExento = Σ MontoItem by IndicadorFacturacion − global discounts + global " +
      "surcharges of that indicator (÷ (1 + rate) when IndicadorMontoGravado is 1, applied to the whole result); " +
      "MontoNoFacturable = Σ MontoItem with indicator 0. Tolerance: one unit per item line. Not checked for " +
      "Norma 10-07 documents.",
    source: "IT §12 p. 21 (tolerancia global = total de líneas); FORMATO campos 93–96, 111",
  },
  ITBIS_TOTALS: {
    code: "AMOUNT_MISMATCH",
    description:
      "TotalITBISn = round((MontoGravadoIn [+ ISC 006–039 for tasa 1]) × rate) and TotalITBIS = Σ; " +
      "line-count tolerance. All ISC is taken as part of the tasa-1 base (alcohol and tobacco are taxed at 18%).",
    source: "FORMATO campos 100–103; RFCE pp. 8–9",
  },
  HEADER_SUMS: {
    code: "AMOUNT_MISMATCH",
    description:
      "MontoGravadoTotal = I1 + I2 + I3; MontoImpuestoAdicional = Σ ISC específico + ad valorem + otros; MontoTotal = " +
      "MontoGravadoTotal + MontoExento + TotalITBIS + MontoImpuestoAdicional; MontoPeriodo = MontoTotal + " +
      "MontoNoFacturable; ValorPagar = MontoTotal − MontoAvancePago + SaldoAnterior (not with Norma 10-07). " +
      "Line-count tolerance.",
    source: "FORMATO campos 92, 104, 110 b), 112, 115 b); RFCE pp. 7, 9, 11; IT §12 p. 21",
  },
  OTHER_TAXES: {
    code: "AMOUNT_MISMATCH",
    description:
      "OtrosImpuestosAdicionales (códigos 001–005) = (Σ MontoItem of the items carrying the code, less/plus their " +
      "prorated share of global discounts/surcharges; ÷ 1.18 when IndicadorMontoGravado is 1) × TasaImpuestoAdicional %. " +
      "Not checked with Norma 10-07.",
    source: "IT §15 pp. 27–30; FORMATO campo 109 b), c), e)",
  },
  RETENTION_TOTALS: {
    code: "AMOUNT_MISMATCH",
    description:
      "TotalITBISRetenido = Σ MontoITBISRetenido; TotalISRRetencion = Σ MontoISRRetenido of the items.",
    source: "FORMATO campos 116 b), 117 b)",
  },
  OTHER_CURRENCY_TOTALS: {
    code: "AMOUNT_MISMATCH",
    description:
      "OtraMoneda totals in their currency: by-rate amounts from MontoItemOtraMoneda (when every item has one), " +
      "TotalITBISnOtraMoneda = base × rate, the sums (gravado total, ITBIS, impuesto adicional, MontoTotalOtraMoneda), " +
      "and each additional tax in other currency = its pesos amount ÷ TipoCambio. Line-count tolerance.",
    source: "FORMATO campos 122–137; IT §14 p. 26 (Otra Moneda); IT §12 p. 21",
  },
  PAGE_LINES: {
    code: "PAGINACION_INVALIDA",
    description:
      "Pages are numbered 1, 2, … in order, NoLineaDesde ≤ NoLineaHasta, and TotalPaginas (when sent) counts the pages.",
    source: "FORMATO sección E campos 1 b), 2 c), 3 c); campo 19 b)",
  },
  PAGE_SUBTOTALS: {
    code: "AMOUNT_MISMATCH",
    description:
      "Each page's subtotals come from its lines (by indicator; only when the document has no global discounts or " +
      "surcharges, which cannot be placed on a page), its sums add up, and MontoTotal = Σ MontoSubtotalPagina. " +
      "Tolerance: the page's line count (the document's for MontoTotal).",
    source: "FORMATO sección E campos 4–13, 16, 17; campo 110 c); IT §12 p. 21",
  },
} as const satisfies Record<string, EcfRule>;

export type EcfRuleId = keyof typeof ECF_RULES;

/** An error reported by one of the table's rules: the code always comes from its row. */
export function ruleError(id: EcfRuleId, field: string, details: string): EcfValidationError {
  return ecfError(ECF_RULES[id].code, field, details);
}
