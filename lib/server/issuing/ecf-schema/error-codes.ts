/** The codes the schema walk reports (DGII's business rules add their own, e.g. TIPO_ECF_MISMATCH). */
export const ECF_SCHEMA_ERROR_CODES = [
  "REQUIRED", // a required element is missing (or a repeated one has too few entries)
  "UNKNOWN_FIELD", // a key the schema does not have at that place (the details say where it belongs)
  "NOT_REPEATABLE", // a JSON array where the schema allows one element
  "TOO_MANY", // more entries than maxOccurs
  "WRONG_TYPE", // an object or list where a value goes, or the reverse; true/false; not a number
  "INVALID_CHARACTER", // a control character XML cannot carry
  "ENUMERATION", // not one of DGII's listed values (the details list them)
  "LENGTH",
  "MIN_LENGTH",
  "MAX_LENGTH",
  "DIGITS", // more digits than totalDigits
  "FRACTION_DIGITS", // more decimals than fractionDigits
  "RANGE", // outside minInclusive/maxInclusive/minExclusive/maxExclusive
  "PATTERN", // does not match DGII's pattern (dates dd-MM-yyyy, RNC, phone …)
  "CHOICE", // two branches of an xs:choice given
] as const;

export type EcfSchemaErrorCode = (typeof ECF_SCHEMA_ERROR_CODES)[number];
