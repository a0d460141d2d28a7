import { ECF_TYPES, isEcfType } from "../ecf-types";
import type { EcfValidationError } from "../ecf-validation";
import { CONSUMER_FULL_SUBMISSION_THRESHOLD } from "./ecf-reader";
import { ITBIS_RATE, PATH, RATE_INDICATORS, type EcfView } from "./ecf-view";
import { dayNumber, decimalAt, textAt } from "./json-access";
import { ruleError } from "./rule-table";

const BUYER_RNC_TYPES = new Set(["31", "41", "45"]);
const NOTE_TYPES = new Set(["33", "34"]);
/** Types whose FechaLimitePago is not conditional on credit (Formato campo 10: 0 on 43, 3 on 47). */
const NO_DUE_DATE_TYPES = new Set(["43", "47"]);
/** Indicators a type can totalize; absent types allow all five (Formato campos 93–96, 111). */
const ALLOWED_INDICATORS: Readonly<Record<string, readonly string[]>> = {
  "43": ["4"],
  "44": ["0", "4"],
  "46": ["0", "3", "4"],
  "47": ["4"],
};
const INDICATOR_NAME: Readonly<Record<string, string>> = {
  "0": "0 (no facturable)",
  "1": "1 (ITBIS 18%)",
  "2": "2 (ITBIS 16%)",
  "3": "3 (ITBIS 0%)",
  "4": "4 (exento)",
};
/** Formato campo 5: more than 30 calendar days after the modified e-CF → 1. */
const CREDIT_NOTE_DAYS = 30;

function typeName(tipo: string): string {
  return isEcfType(tipo) ? `${tipo} (${ECF_TYPES[tipo].es})` : tipo;
}

export function checkBuyer(view: EcfView, errors: EcfValidationError[]): void {
  const tipo = view.tipo ?? "";
  const rnc = textAt(view.comprador, "RNCComprador");
  const foreignId = textAt(view.comprador, "IdentificadorExtranjero");
  if (BUYER_RNC_TYPES.has(tipo) && rnc === undefined) {
    errors.push(
      ruleError(
        "BUYER_RNC_BY_TYPE",
        `${PATH.comprador}.RNCComprador`,
        `RNCComprador es obligatorio en un e-CF tipo ${typeName(tipo)}: indique el RNC (9 dígitos) o la cédula (11) del comprador.`,
      ),
    );
  }
  const montoTotal = decimalAt(view.totales, "MontoTotal");
  if (tipo !== "32" || montoTotal === undefined || montoTotal.lt(CONSUMER_FULL_SUBMISSION_THRESHOLD)) return;
  const why = `una factura de consumo de RD$${montoTotal.toFixed(2)} (igual o mayor a RD$250,000.00)`;
  if (rnc === undefined && foreignId === undefined) {
    errors.push(
      ruleError(
        "BUYER_CONSUMER_THRESHOLD",
        `${PATH.comprador}.RNCComprador`,
        `RNCComprador es obligatorio en ${why}; si el comprador es extranjero sin RNC, envíe IdentificadorExtranjero.`,
      ),
    );
  }
  if (textAt(view.comprador, "RazonSocialComprador") === undefined) {
    errors.push(
      ruleError(
        "BUYER_CONSUMER_THRESHOLD",
        `${PATH.comprador}.RazonSocialComprador`,
        `RazonSocialComprador es obligatorio en ${why}: indique el nombre o razón social del comprador.`,
      ),
    );
  }
}

export function checkNoteReference(view: EcfView, errors: EcfValidationError[]): void {
  const tipo = view.tipo ?? "";
  if (!NOTE_TYPES.has(tipo)) return;
  for (const name of ["NCFModificado", "FechaNCFModificado", "CodigoModificacion"]) {
    if (textAt(view.referencia, name) !== undefined) continue;
    errors.push(
      ruleError(
        "REFERENCE_ON_NOTES",
        `${PATH.referencia}.${name}`,
        `${name} es obligatorio en InformacionReferencia de un e-CF tipo ${typeName(tipo)}: ` +
          "indique el comprobante que la nota modifica.",
      ),
    );
  }
  if (tipo === "34") checkCreditNoteIndicator(view, errors);
}

function checkCreditNoteIndicator(view: EcfView, errors: EcfValidationError[]): void {
  const modifiedText = textAt(view.referencia, "FechaNCFModificado");
  const emisionText = textAt(view.emisor, "FechaEmision");
  const received = textAt(view.idDoc, "IndicadorNotaCredito");
  const modified = dayNumber(modifiedText);
  const emision = dayNumber(emisionText);
  if (modified === null || emision === null || received === undefined) return;
  const days = emision - modified;
  const expected = days > CREDIT_NOTE_DAYS ? "1" : "0";
  if (received === expected) return;
  errors.push(
    ruleError(
      "CREDIT_NOTE_INDICATOR",
      `${PATH.idDoc}.IndicadorNotaCredito`,
      `IndicadorNotaCredito debe ser ${expected}: la nota (FechaEmision ${emisionText}) se emite ${days} días ` +
        `después del e-CF modificado (FechaNCFModificado ${modifiedText}); 0 hasta 30 días, 1 si son más. ` +
        `Se recibió ${received}.`,
    ),
  );
}

export function checkDates(view: EcfView, errors: EcfValidationError[]): void {
  const emisionText = textAt(view.emisor, "FechaEmision");
  const dueText = textAt(view.idDoc, "FechaLimitePago");
  if (
    textAt(view.idDoc, "TipoPago") === "2" &&
    dueText === undefined &&
    !NO_DUE_DATE_TYPES.has(view.tipo ?? "")
  ) {
    errors.push(
      ruleError(
        "PAYMENT_DUE_DATE_REQUIRED",
        `${PATH.idDoc}.FechaLimitePago`,
        "FechaLimitePago es obligatoria cuando TipoPago es 2 (crédito): indique la fecha límite de pago (dd-MM-yyyy).",
      ),
    );
  }
  const due = dayNumber(dueText);
  const emision = dayNumber(emisionText);
  if (due !== null && emision !== null && due < emision) {
    errors.push(
      ruleError(
        "PAYMENT_DUE_DATE_ORDER",
        `${PATH.idDoc}.FechaLimitePago`,
        `FechaLimitePago (${dueText}) debe ser igual o posterior a la FechaEmision (${emisionText}).`,
      ),
    );
  }
  const fromText = textAt(view.idDoc, "FechaDesde");
  const toText = textAt(view.idDoc, "FechaHasta");
  const from = dayNumber(fromText);
  const to = dayNumber(toText);
  if (from !== null && to !== null && from > to) {
    errors.push(
      ruleError(
        "BILLING_PERIOD_ORDER",
        `${PATH.idDoc}.FechaDesde`,
        `FechaDesde (${fromText}) debe ser igual o anterior a FechaHasta (${toText}).`,
      ),
    );
  }
}

export function checkIndicatorsAndRates(view: EcfView, errors: EcfValidationError[]): void {
  const tipo = view.tipo ?? "";
  const allowed = ALLOWED_INDICATORS[tipo];
  if (allowed) {
    view.indicators.forEach((indicator, index) => {
      if (indicator === undefined || allowed.includes(indicator)) return;
      errors.push(
        ruleError(
          "BILLING_INDICATOR_BY_TYPE",
          `${PATH.item(index)}.IndicadorFacturacion`,
          `Un e-CF tipo ${typeName(tipo)} no admite IndicadorFacturacion ${INDICATOR_NAME[indicator] ?? indicator}; ` +
            `valores admitidos: ${allowed.map((value) => INDICATOR_NAME[value]).join(", ")}.`,
        ),
      );
    });
  }
  const used = new Set(view.indicators);
  RATE_INDICATORS.forEach((indicator) => {
    const field = `${PATH.totales}.ITBIS${indicator}`;
    const rate = String(ITBIS_RATE[indicator]);
    const received = textAt(view.totales, `ITBIS${indicator}`);
    if (received !== undefined && Number(received) !== Number(rate)) {
      errors.push(
        ruleError(
          "ITBIS_RATE_VALUES",
          field,
          `ITBIS${indicator} debe ser ${rate} (por ciento); se recibió ${received}.`,
        ),
      );
    } else if (received === undefined && used.has(indicator) && (!allowed || allowed.includes(indicator))) {
      errors.push(
        ruleError(
          "ITBIS_RATE_REQUIRED",
          field,
          `ITBIS${indicator} es obligatorio (valor ${rate}) porque hay ítems con IndicadorFacturacion ${indicator}.`,
        ),
      );
    }
  });
}

export function checkGlobalAdjustments(view: EcfView, errors: EcfValidationError[]): void {
  view.adjustments.forEach((adjustment, index) => {
    for (const name of ["MontoDescuentooRecargo", "IndicadorFacturacionDescuentooRecargo"]) {
      if (textAt(adjustment, name) !== undefined) continue;
      errors.push(
        ruleError(
          "GLOBAL_ADJUSTMENT_FIELDS",
          `${PATH.adjustment(index)}.${name}`,
          name === "MontoDescuentooRecargo"
            ? "MontoDescuentooRecargo es obligatorio en cada descuento o recargo global (también cuando es en %): indique el monto."
            : "IndicadorFacturacionDescuentooRecargo es obligatorio en cada descuento o recargo global: indique a qué " +
                "ítems afecta (1 ITBIS 18%, 2 ITBIS 16%, 3 ITBIS 0%, 4 exento).",
        ),
      );
    }
  });
}
