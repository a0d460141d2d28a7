/** DGII's rules for an e-CF beyond its XSD, and the values the send endpoint reads from one. */
export { checkEcfRules, type EcfRulesContext } from "./check-ecf-rules";
export {
  buyerRncOf,
  CONSUMER_FULL_SUBMISSION_THRESHOLD,
  ecfAmountsOf,
  encfOf,
  fechaEmisionOf,
  ncfModificadoOf,
  needsFullSubmission,
  reachesConsumerThreshold,
  rncEmisorOf,
  tipoOf,
  type EcfAmounts,
} from "./ecf-reader";
export { ECF_RULES, type EcfRule, type EcfRuleId } from "./rule-table";
export { withoutOnePageCount } from "./one-page-count";
