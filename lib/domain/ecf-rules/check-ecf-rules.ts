import type { EcfJson, EcfValidationError } from "../ecf-validation";
import { viewOf } from "./ecf-view";
import { checkIdentity, checkSequenceExpiry } from "./identity-rules";
import { checkLines } from "./line-rules";
import { checkOtherCurrency } from "./other-currency-rules";
import { checkOtherTaxes } from "./other-taxes";
import { checkPages } from "./page-rules";
import { checkBuyer, checkPaymentForms } from "./buyer-rules";
import { checkModifiedNcf, checkNoteReference } from "./reference-rules";
import { checkDates, checkGlobalAdjustments, checkIndicatorsAndRates } from "./requirement-rules";
import { checkHeaderSums, checkItbisTotals, checkRetentions, checkTotalsByRate } from "./total-rules";

export interface EcfRulesContext {
  /** Today in Santo Domingo, `yyyy-mm-dd`; without it, checks against today are skipped. */
  today?: string;
}

/**
 * Every DGII rule of the table (rule-table.ts) over the body's `ECF` object, all problems at once,
 * in document order of the areas. Runs after the XSD walk passed: values have DGII's shapes and
 * facets, though scalars may still be strings or numbers. Pure: no I/O, the same in the browser.
 */
export function checkEcfRules(ecf: EcfJson, context: EcfRulesContext = {}): EcfValidationError[] {
  const view = viewOf(ecf);
  const errors: EcfValidationError[] = [];
  checkIdentity(view, errors);
  checkSequenceExpiry(view, context.today, errors);
  checkDates(view, errors);
  checkPaymentForms(view, errors);
  checkBuyer(view, errors);
  checkNoteReference(view, errors);
  checkModifiedNcf(view, errors);
  checkIndicatorsAndRates(view, errors);
  checkLines(view, errors);
  checkGlobalAdjustments(view, errors);
  checkTotalsByRate(view, errors);
  checkItbisTotals(view, errors);
  checkOtherTaxes(view, errors);
  checkHeaderSums(view, errors);
  checkRetentions(view, errors);
  checkOtherCurrency(view, errors);
  checkPages(view, errors);
  return errors;
}
