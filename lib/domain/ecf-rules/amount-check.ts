import type { Decimal } from "decimal.js";
import type { EcfValidationError } from "../ecf-validation";
import { ZERO } from "./json-access";
import { ruleError, type EcfRuleId } from "./rule-table";

/**
 * One amount compared with what DGII's formula gives, within a tolerance (Informe Técnico §12:
 * ±1 per line, the line count on totals). An absent amount counts as zero: DGII's conditional
 * amounts are absent exactly when they would be zero, so a missing MontoGravadoI1 on a document
 * with 18% lines is reported with the value it should have.
 */
export interface AmountCheck {
  rule: EcfRuleId;
  field: string;
  expected: Decimal;
  received: Decimal | undefined;
  tolerance: Decimal;
  /**
   * How the expected value was obtained, in Spanish, e.g. "MontoGravadoTotal + MontoExento + …". A
   * function is only called for a mismatch: building texts for every passing line of a 1,000-line
   * document would cost more than the arithmetic.
   */
  formula: string | (() => string);
}

export function checkAmount(errors: EcfValidationError[], check: AmountCheck): void {
  const received = check.received ?? ZERO;
  if (received.minus(check.expected).abs().lte(check.tolerance)) return;
  const name = check.field
    .split(".")
    .at(-1)!
    .replace(/\[\d+\]$/, "");
  const shown = check.received === undefined ? "nada (ausente)" : check.received.toFixed(2);
  errors.push(
    ruleError(
      check.rule,
      check.field,
      `${name} debe ser ${check.expected.toFixed(2)} (${formulaText(check.formula)}; tolerancia ±${check.tolerance.toFixed(2)}); ` +
        `se recibió ${shown}.`,
    ),
  );
}

function formulaText(formula: AmountCheck["formula"]): string {
  return typeof formula === "string" ? formula : formula();
}

/** Formats a decimal for a formula text. */
export function shown(value: Decimal | undefined): string {
  return (value ?? ZERO).toFixed(2);
}
