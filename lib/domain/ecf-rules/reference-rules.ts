import type { EcfValidationError } from "../ecf-validation";
import { readEncf } from "../encf";
import { PATH, typeName, type EcfView } from "./ecf-view";
import { NOTE_TYPES } from "./ecf-reader";
import { dayNumber, textAt } from "./json-access";
import { ruleError } from "./rule-table";

/** Formato campo 5: more than 30 calendar days after the modified e-CF → 1. */
const CREDIT_NOTE_DAYS = 30;

/**
 * IndicadorNotaCredito of a credit note (e-CF 34) issued `days` calendar days after the e-CF it
 * modifies: 0 up to 30 days, 1 after (then the ITBIS is not refunded). The validation and the
 * remedy's answer (lib/domain/remedy.ts) both read it here.
 */
export function creditNoteIndicator(days: number): "0" | "1" {
  return days > CREDIT_NOTE_DAYS ? "1" : "0";
}
/**
 * The NCF a document modifies: series B with 11 positions, E with 13, A or P with 19 (Informe
 * Técnico §18.2.1 p. 33 nota 44); each letter followed by digits, as those series are written.
 */
const NCF_MODIFICADO_PATTERN = /^(B\d{10}|E\d{12}|[AP]\d{18})$/;

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
  const expected = creditNoteIndicator(days);
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

/** NCFModificado, wherever it is sent, has the shape of a real NCF or e-NCF. */
export function checkModifiedNcf(view: EcfView, errors: EcfValidationError[]): void {
  const ncf = textAt(view.referencia, "NCFModificado");
  if (ncf === undefined) return;
  const shapeOk = NCF_MODIFICADO_PATTERN.test(ncf) && (ncf[0] !== "E" || typeof readEncf(ncf) !== "string");
  if (shapeOk) return;
  errors.push(
    ruleError(
      "NCF_MODIFICADO_FORMAT",
      `${PATH.referencia}.NCFModificado`,
      `NCFModificado ${ncf} no es un comprobante válido: debe ser un e-NCF (E + tipo + 10 dígitos, 13 posiciones), ` +
        "un NCF serie B (11 posiciones) o un NCF serie A o P (19 posiciones).",
    ),
  );
}
