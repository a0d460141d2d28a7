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

export type EncfProblem =
  "INVALID_ENCF_LENGTH" | "INVALID_ENCF_FORMAT" | "INVALID_TIPO_ECF" | "INVALID_SEQUENCE";

export type EncfParseResult = { ok: true; encf: ParsedEncf } | { ok: false; problem: EncfProblem };

const CODE_E = 69; // "E"
const CODE_P = 80; // "P": reserved, never a series
const CODE_Z = 90;
const CODE_0 = 48;

/** Series letters E to Z, except the reserved P (spec, "e-NCF structure"). */
export function isValidSerie(letter: string): boolean {
  const code = letter.charCodeAt(0);
  return letter.length === 1 && code >= CODE_E && code <= CODE_Z && code !== CODE_P;
}

/** Type digits (as a number) → the type code string, for the valid types only. */
const TYPE_BY_NUMBER: Array<EcfType | undefined> = (() => {
  const table: Array<EcfType | undefined> = new Array(100).fill(undefined);
  for (let n = 10; n < 100; n++) {
    const code = String(n);
    if (isEcfType(code)) table[n] = code;
  }
  return table;
})();

/**
 * Reads an e-NCF, returning it parsed or the first problem in the spec's precedence: length,
 * format (series and digits), type, then a zero sequence. Hand-rolled char checks and no
 * intermediate objects: this runs for both ends of up to 100,000 ranges per request, and in the
 * browser as the user types.
 */
export function readEncf(value: string): ParsedEncf | EncfProblem {
  if (value.length !== ENCF_LENGTH) return "INVALID_ENCF_LENGTH";
  const serieCode = value.charCodeAt(0);
  if (serieCode < CODE_E || serieCode > CODE_Z || serieCode === CODE_P) return "INVALID_ENCF_FORMAT";
  let tipoNumber = 0;
  let secuencia = 0;
  for (let i = 1; i < ENCF_LENGTH; i++) {
    const digit = value.charCodeAt(i) - CODE_0;
    if (digit < 0 || digit > 9) return "INVALID_ENCF_FORMAT";
    if (i < 3) tipoNumber = tipoNumber * 10 + digit;
    else secuencia = secuencia * 10 + digit;
  }
  const tipo = TYPE_BY_NUMBER[tipoNumber];
  if (tipo === undefined) return "INVALID_TIPO_ECF";
  if (secuencia === 0) return "INVALID_SEQUENCE";
  return { value, serie: value[0]!, tipo, secuencia };
}

/** Parses an e-NCF (see readEncf) into a tagged result. */
export function parseEncf(value: string): EncfParseResult {
  const parsed = readEncf(value);
  return typeof parsed === "string" ? { ok: false, problem: parsed } : { ok: true, encf: parsed };
}

/** Formats an e-NCF from its parts (sequence zero-padded to 10 digits). */
export function formatEncf(serie: string, tipo: EcfType, secuencia: number): string {
  return `${serie}${tipo}${String(secuencia).padStart(10, "0")}`;
}
