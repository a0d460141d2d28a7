import type { EcfValidationError } from "../ecf-validation";
import { readEncf, type EncfProblem } from "../encf";
import type { EcfView } from "./ecf-view";
import { PATH } from "./ecf-view";
import { dayNumber, isoDayNumber, textAt } from "./json-access";
import { ruleError } from "./rule-table";

const ENCF_PROBLEM_TEXT: Record<EncfProblem, string> = {
  INVALID_ENCF_LENGTH: "debe tener 13 posiciones",
  INVALID_ENCF_FORMAT:
    "debe empezar con la serie (letra mayúscula de E a Z, excepto P) seguida de 12 dígitos",
  INVALID_TIPO_ECF:
    "sus posiciones 2 y 3 deben ser un tipo de e-CF válido (31, 32, 33, 34, 41, 43, 44, 45, 46 o 47)",
  INVALID_SEQUENCE: "su secuencial (últimos 10 dígitos) no puede ser 0000000000",
};

/** The e-NCF is well formed and names the same type as TipoeCF. */
export function checkIdentity(view: EcfView, errors: EcfValidationError[]): void {
  const encf = textAt(view.idDoc, "eNCF");
  if (encf === undefined) return; // the schema walk reports a missing e-NCF
  const parsed = readEncf(encf);
  if (typeof parsed === "string") {
    errors.push(
      ruleError("ENCF_FORMAT", `${PATH.idDoc}.eNCF`, `El e-NCF ${encf} ${ENCF_PROBLEM_TEXT[parsed]}.`),
    );
    return;
  }
  if (view.tipo !== undefined && view.tipo !== parsed.tipo) {
    errors.push(
      ruleError(
        "TIPO_MATCHES_ENCF",
        `${PATH.idDoc}.TipoeCF`,
        `TipoeCF debe ser ${parsed.tipo}, el tipo del e-NCF ${encf}; se recibió ${view.tipo}.`,
      ),
    );
  }
}

/** A sequence is not used after its expiry date (types 32 and 34 carry none). */
export function checkSequenceExpiry(
  view: EcfView,
  today: string | undefined,
  errors: EcfValidationError[],
): void {
  const vencimientoText = textAt(view.idDoc, "FechaVencimientoSecuencia");
  const vencimiento = dayNumber(vencimientoText);
  if (vencimiento === null) return;
  const field = `${PATH.idDoc}.FechaVencimientoSecuencia`;
  const fechaEmision = textAt(view.emisor, "FechaEmision");
  const emision = dayNumber(fechaEmision);
  if (emision !== null && emision > vencimiento) {
    errors.push(
      ruleError(
        "SEQUENCE_NOT_EXPIRED",
        field,
        `La secuencia vence el ${vencimientoText} y la FechaEmision es ${fechaEmision}: ` +
          "una secuencia no puede usarse después de su vencimiento.",
      ),
    );
    return;
  }
  const todayNumber = isoDayNumber(today);
  if (todayNumber !== null && todayNumber > vencimiento) {
    errors.push(
      ruleError(
        "SEQUENCE_NOT_EXPIRED",
        field,
        `La secuencia venció el ${vencimientoText}: no puede usarse después de su vencimiento; use una secuencia vigente.`,
      ),
    );
  }
}
