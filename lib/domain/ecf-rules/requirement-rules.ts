import type { EcfValidationError } from "../ecf-validation";
import { allowedIndicators, ITBIS_RATE, PATH, RATE_INDICATORS, typeName, type EcfView } from "./ecf-view";
import { dayNumber, textAt } from "./json-access";
import { ruleError } from "./rule-table";

/** Types whose FechaLimitePago is not conditional on credit (Formato campo 10: 0 on 43, 3 on 47). */
const NO_DUE_DATE_TYPES = new Set(["43", "47"]);
const INDICATOR_NAME: Readonly<Record<string, string>> = {
  "0": "0 (no facturable)",
  "1": "1 (ITBIS 18%)",
  "2": "2 (ITBIS 16%)",
  "3": "3 (ITBIS 0%)",
  "4": "4 (exento)",
};

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
  const allowed = allowedIndicators(tipo);
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
    } else if (received === undefined && used.has(indicator) && allowed.includes(indicator)) {
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
