import { isEcfType, type EcfType } from "./ecf-types";

/** An e-NCF has 13 positions: series letter, 2-digit type, 10-digit sequential number. */
export const ENCF_LENGTH = 13;
/** The largest 10-digit sequential number; also the largest NUM 10 count (CantidadeNCFAnulados). */
export const MAX_NUM10 = 9_999_999_999;

export interface ParsedEncf {
  value: string;
  serie: string;
  tipo: EcfType;
  /** The sequential number (≤ 9,999,999,999, exact in a JS number). */
  secuencia: number;
}

export type EncfProblem = "INVALID_ENCF_LENGTH" | "INVALID_ENCF_FORMAT" | "INVALID_TIPO_ECF" | "INVALID_SEQUENCE";

export type EncfParseResult = { ok: true; encf: ParsedEncf } | { ok: false; problem: EncfProblem };

const CODE_E = 69; // "E"
const CODE_P = 80; // "P": reserved, never a series
const CODE_Z = 90;
const CODE_0 = 48;
const CODE_9 = 57;

/** Series letters E to Z, except the reserved P (spec, "e-NCF structure"). */
export function isValidSerie(letter: string): boolean {
  const code = letter.charCodeAt(0);
  return letter.length === 1 && code >= CODE_E && code <= CODE_Z && code !== CODE_P;
}

/**
 * Parses an e-NCF, reporting the first problem in the spec's precedence: length, format (series and
 * digits), type, then a zero sequence. Hand-rolled char checks: this runs for every end of up to
 * 100,000 ranges per request, in the browser as the user types too.
 */
export function parseEncf(value: string): EncfParseResult {
  if (value.length !== ENCF_LENGTH) return { ok: false, problem: "INVALID_ENCF_LENGTH" };
  if (!isValidSerie(value[0]!)) return { ok: false, problem: "INVALID_ENCF_FORMAT" };
  let secuencia = 0;
  for (let i = 1; i < ENCF_LENGTH; i++) {
    const code = value.charCodeAt(i);
    if (code < CODE_0 || code > CODE_9) return { ok: false, problem: "INVALID_ENCF_FORMAT" };
    if (i >= 3) secuencia = secuencia * 10 + (code - CODE_0);
  }
  const tipo = value.slice(1, 3);
  if (!isEcfType(tipo)) return { ok: false, problem: "INVALID_TIPO_ECF" };
  if (secuencia === 0) return { ok: false, problem: "INVALID_SEQUENCE" };
  return { ok: true, encf: { value, serie: value[0]!, tipo, secuencia } };
}

/** Formats an e-NCF from its parts (sequence zero-padded to 10 digits). */
export function formatEncf(serie: string, tipo: EcfType, secuencia: number): string {
  return `${serie}${tipo}${String(secuencia).padStart(10, "0")}`;
}
