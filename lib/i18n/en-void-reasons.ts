import type { esVoidReasons } from "./es-void-reasons";

/** English strings of the void reasons; see es-void-reasons.ts. */
export const enVoidReasons: typeof esVoidReasons = {
  names: {
    "01": "Damaged pre-printed invoice",
    "02": "Printing errors",
    "03": "Defective printing",
    "04": "Correction of information",
    "05": "Change of products",
    "06": "Return of products",
    "07": "Omission of products",
    "08": "Errors in the NCF sequence",
    "09": "Cessation of operations",
    "10": "Loss or theft of receipt books",
  },
  option: "{code} · {name}",
  none: "No reason",
  field: {
    legend: "Reason for the void",
    code: "Reason (DGII's 608 format)",
    codePlaceholder: "Choose a reason…",
    text: "Description of the reason",
    textHint: "What happened to these numbers, in your own words (up to {max} characters).",
    counter: "Characters: {length}/{max}",
    codeRequired: "Choose the reason for the void.",
    textRequired: "Describe the reason for the void.",
    textTooLong: "The description is over the maximum of {max} characters ({length}).",
    fixFirst: "The reason for the void is missing: choose and describe it before reviewing.",
  },
  label: "Reason",
  description: "Description of the reason",
  history: {
    column: "Reason",
    filter: "Reason",
    any: "All",
  },
  csv: {
    label: "Reason",
    code: "Reason code",
    text: "Reason description",
  },
};
