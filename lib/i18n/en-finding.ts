import type { esFinding } from "./es-finding";

/** English strings of finding things: the same keys and placeholders as esFinding. */
export const enFinding: typeof esFinding = {
  search: {
    label: "Is this e-NCF voided?",
    hint: "Type an e-NCF: every void whose range includes it is searched, in any status.",
    submit: "Search",
    title: "Voids that include {encf}",
    none: "No void in {environment} includes {encf}.",
    found: {
      one: "{encf} is in {count} void of {environment}:",
      other: "{encf} is in {count} voids of {environment}:",
    },
    voided: "Voided: DGII accepted a void that includes it.",
    notVoided: "Not voided: no accepted void includes it.",
    range: "Range",
    excepted: "DGII did not void this number (partial success).",
    truncated: {
      one: "Only the most recent attempt of this type was searched; to find an older one, filter by dates.",
      other:
        "Only the {count} most recent attempts of this type were searched; to find an older one, filter by dates.",
    },
    clear: "Clear the search",
  },
  voidColumn: "Void",
  rangesColumn: "Ranges",
  moreRanges: { one: "and {count} more range", other: "and {count} more ranges" },
  copy: "Copy",
  copied: "Copied",
  copyId: "Copy the identifier {id}",
  csv: {
    linea: "Line",
    fecha: "Date",
    anulacion: "Void",
    estado: "Status",
    ambiente: "Environment",
    fechaHoraAnulacion: "Void date and time",
    totalAnulado: "Total voided",
    tipo: "Type",
    desde: "From",
    hasta: "To",
    cantidad: "Quantity",
    archivo: "File",
    codigoDgii: "DGII code",
    respuestaDgii: "DGII answer",
    mensajesDgii: "DGII messages",
    enviadoPor: "Sent by",
    rangoExceptuado: "Excepted by DGII",
  },
  exceptedYes: "Yes",
  documents: {
    voidedRange:
      "{ecf} is not registered as a document, but it lies in a voided range: void {voidId} ({status}), range {desde} – {hasta}.",
    exceptedRange:
      "{ecf} is not registered as a document. It was in void {voidId} ({status}), range {desde} – {hasta}, but DGII did not void it: it is still not voided.",
    voidLink: "See the void",
    malformed: "Invalid",
    malformedExplain: "{ecf} is not a valid e-NCF: {reason}",
    duplicates: {
      one: "{count} repeated e-NCF was left out.",
      other: "{count} repeated e-NCF were left out.",
    },
    exportCsv: "Export results (CSV)",
    received: { yes: "Yes", no: "No" },
  },
};
