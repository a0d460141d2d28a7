/**
 * Spanish strings of the void reasons (the `voidReasons` namespace): DGII's 608 catalogue
 * as the portal names it, the void tool's reason fields, and how the history, the record and the
 * CSV show a reason. The codes themselves are lib/domain/void-reasons.ts.
 */
export const esVoidReasons = {
  /** DGII's names of the 608 reasons (its own wording). */
  names: {
    "01": "Deterioro de factura pre-impresa",
    "02": "Errores de impresión",
    "03": "Impresión defectuosa",
    "04": "Corrección de la información",
    "05": "Cambio de productos",
    "06": "Devolución de productos",
    "07": "Omisión de productos",
    "08": "Errores en secuencia de NCF",
    "09": "Por cese de operaciones",
    "10": "Pérdida o hurto de talonarios",
  },
  /** A code with its name, as the select and the history show it. */
  option: "{code} · {name}",
  /** A void made without a reason (older voids, API clients that never send one). */
  none: "Sin motivo",
  field: {
    legend: "Motivo de la anulación",
    code: "Motivo (formato 608 de la DGII)",
    codePlaceholder: "Elija un motivo…",
    text: "Descripción del motivo",
    textHint: "Qué pasó con estas secuencias, en sus palabras (hasta {max} caracteres).",
    counter: "Caracteres: {length}/{max}",
    codeRequired: "Elija el motivo de la anulación.",
    textRequired: "Describa el motivo de la anulación.",
    textTooLong: "La descripción pasa del máximo de {max} caracteres ({length}).",
    fixFirst: "Falta el motivo de la anulación: elíjalo y descríbalo antes de revisar.",
  },
  /** The confirmation, the result page, the receipt and the record. */
  label: "Motivo",
  description: "Descripción del motivo",
  history: {
    column: "Motivo",
    filter: "Motivo",
    any: "Todos",
  },
  /** The history's CSV: the label, the bare code (empty when none) and the text. */
  csv: {
    label: "Motivo",
    code: "Código de motivo",
    text: "Descripción del motivo",
  },
};
