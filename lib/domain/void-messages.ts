import type { Locale } from "./locale";
import { truncateForMessage } from "./shown-value";

/** The codes a void request can fail validation with (spec "Errors", plus DESIGN.md's decisions). */
export type VoidValidationCode =
  | "MISSING_RANGES"
  | "MISSING_SEQUENCE"
  | "INVALID_ENCF_LENGTH"
  | "INVALID_ENCF_FORMAT"
  | "SERIE_MISMATCH"
  | "TIPO_MISMATCH"
  | "INVALID_TIPO_ECF"
  | "INVALID_SEQUENCE"
  | "INVALID_RANGE_ORDER"
  | "OVERLAPPING_RANGES"
  | "TOO_MANY_TIPOS"
  | "TOO_MANY_RANGES"
  | "INVALID_FECHA"
  | "TOTAL_TOO_LARGE"
  | "INVALID_FIELD_TYPE"
  | "INVALID_MOTIVO";

export type MessageParams = Record<string, string | number>;

type Template = (p: MessageParams) => string;

/** What a wrongly typed JSON field should have been. */
export type Expected = "string" | "array" | "object";
export const EXPECTED: Record<Locale, Record<Expected, string>> = {
  es: { string: "un texto", array: "una lista", object: "un objeto" },
  en: { string: "a string", array: "an array", object: "an object" },
};

const show = (value: string | number | undefined): string => (value === undefined ? "" : `"${value}"`);

/**
 * Messages name the line and the values, in words a finance person understands. A second es/en table
 * beside lib/i18n (the API answers in Spanish with them, the editor in the reader's language):
 * void-messages.test.ts holds it to the catalogues' rule, the same codes and values in both.
 */
export const VOID_MESSAGES: Record<Locale, Record<VoidValidationCode, Template>> = {
  es: {
    MISSING_RANGES: () => "Debe enviar al menos un rango en ranges.",
    MISSING_SEQUENCE: (p) => `Línea ${p.line}: falta ${p.field}.`,
    INVALID_ENCF_LENGTH: (p) =>
      `Línea ${p.line}: ${p.field} ${show(p.value)} tiene ${p.length} posiciones; un e-NCF tiene 13 (letra de serie, 2 dígitos de tipo y 10 de secuencia).`,
    INVALID_ENCF_FORMAT: (p) =>
      `Línea ${p.line}: ${p.field} ${show(p.value)} no es un e-NCF válido: debe empezar con una letra de serie de la E a la Z (la P está reservada) seguida de 12 dígitos.`,
    INVALID_TIPO_ECF: (p) =>
      `Línea ${p.line}: ${p.field} ${show(p.value)} tiene el tipo ${p.tipo}, que no es un tipo de e-CF válido (31, 32, 33, 34, 41, 43, 44, 45, 46 o 47).`,
    INVALID_SEQUENCE: (p) =>
      `Línea ${p.line}: ${p.field} ${show(p.value)} tiene el número secuencial en cero; la secuencia empieza en 1.`,
    SERIE_MISMATCH: (p) =>
      `Línea ${p.line}: el rango ${show(p.desde)} – ${show(p.hasta)} mezcla las series ${p.serieDesde} y ${p.serieHasta}; ambos extremos deben tener la misma serie.`,
    TIPO_MISMATCH: (p) =>
      p.tipoeCF !== undefined
        ? `Línea ${p.line}: tipoeCF ${show(p.tipoeCF)} no coincide con el tipo ${p.tipo} del e-NCF ${show(p.desde)}.`
        : `Línea ${p.line}: el rango ${show(p.desde)} – ${show(p.hasta)} mezcla los tipos ${p.tipoDesde} y ${p.tipoHasta}; ambos extremos deben ser del mismo tipo.`,
    INVALID_RANGE_ORDER: (p) =>
      `Línea ${p.line}: el e-NCF final ${show(p.hasta)} es menor que el inicial ${show(p.desde)}.`,
    OVERLAPPING_RANGES: (p) =>
      `Línea ${p.line}: el rango ${show(p.desde)} – ${show(p.hasta)} se solapa con la línea ${p.otherLine} (${show(p.otherDesde)} – ${show(p.otherHasta)}).`,
    TOO_MANY_TIPOS: (p) =>
      `La solicitud incluye ${p.count} tipos de e-CF (${p.tipos}); el máximo por solicitud es 10.`,
    TOO_MANY_RANGES: (p) =>
      `El tipo ${p.tipo} tiene ${p.count} rangos; el máximo por tipo es 10,000. Divida la anulación en varias solicitudes.`,
    INVALID_FECHA: (p) =>
      `fechaHoraAnulacion ${show(p.value)} no es una fecha y hora válida con el formato dd-MM-yyyy HH:mm:ss (24 horas).`,
    TOTAL_TOO_LARGE: (p) =>
      `${p.tipo ? `El tipo ${p.tipo}` : "La solicitud"} suma ${p.total} secuencias, más de lo que admite el documento de anulación (9,999,999,999).`,
    INVALID_FIELD_TYPE: (p) =>
      `${p.line ? `Línea ${p.line}: ` : ""}${p.field} debe ser ${EXPECTED.es[p.expected as Expected]}.`,
    INVALID_MOTIVO: (p) =>
      p.problem === "codigo"
        ? `motivo.codigo ${p.value === undefined ? "falta" : `${show(p.value)} no es válido`}: debe ser uno de los códigos de motivo del formato 608 de la DGII, un texto de "01" a "10".`
        : p.problem === "descripcion"
          ? `motivo.descripcion debe ser un texto de ${p.length === undefined ? "hasta 250 caracteres" : `hasta 250 caracteres; tiene ${p.length}`}.`
          : 'motivo debe ser un objeto { "codigo": "01" a "10", "descripcion": texto opcional }.',
  },
  en: {
    MISSING_RANGES: () => "Send at least one range in ranges.",
    MISSING_SEQUENCE: (p) => `Line ${p.line}: ${p.field} is missing.`,
    INVALID_ENCF_LENGTH: (p) =>
      `Line ${p.line}: ${p.field} ${show(p.value)} has ${p.length} positions; an e-NCF has 13 (series letter, 2 type digits, 10 sequence digits).`,
    INVALID_ENCF_FORMAT: (p) =>
      `Line ${p.line}: ${p.field} ${show(p.value)} is not a valid e-NCF: it must start with a series letter from E to Z (P is reserved) followed by 12 digits.`,
    INVALID_TIPO_ECF: (p) =>
      `Line ${p.line}: ${p.field} ${show(p.value)} has type ${p.tipo}, which is not a valid e-CF type (31, 32, 33, 34, 41, 43, 44, 45, 46 or 47).`,
    INVALID_SEQUENCE: (p) =>
      `Line ${p.line}: ${p.field} ${show(p.value)} has a zero sequential number; sequences start at 1.`,
    SERIE_MISMATCH: (p) =>
      `Line ${p.line}: the range ${show(p.desde)} – ${show(p.hasta)} mixes series ${p.serieDesde} and ${p.serieHasta}; both ends must use the same series.`,
    TIPO_MISMATCH: (p) =>
      p.tipoeCF !== undefined
        ? `Line ${p.line}: tipoeCF ${show(p.tipoeCF)} does not match type ${p.tipo} of e-NCF ${show(p.desde)}.`
        : `Line ${p.line}: the range ${show(p.desde)} – ${show(p.hasta)} mixes types ${p.tipoDesde} and ${p.tipoHasta}; both ends must be of the same type.`,
    INVALID_RANGE_ORDER: (p) =>
      `Line ${p.line}: the last e-NCF ${show(p.hasta)} is lower than the first ${show(p.desde)}.`,
    OVERLAPPING_RANGES: (p) =>
      `Line ${p.line}: the range ${show(p.desde)} – ${show(p.hasta)} overlaps line ${p.otherLine} (${show(p.otherDesde)} – ${show(p.otherHasta)}).`,
    TOO_MANY_TIPOS: (p) => `The request has ${p.count} e-CF types (${p.tipos}); at most 10 per request.`,
    TOO_MANY_RANGES: (p) =>
      `Type ${p.tipo} has ${p.count} ranges; at most 10,000 per type. Split the void into several requests.`,
    INVALID_FECHA: (p) =>
      `fechaHoraAnulacion ${show(p.value)} is not a valid date-time in the format dd-MM-yyyy HH:mm:ss (24 h).`,
    TOTAL_TOO_LARGE: (p) =>
      `${p.tipo ? `Type ${p.tipo}` : "The request"} adds up to ${p.total} sequences, more than the void document allows (9,999,999,999).`,
    INVALID_FIELD_TYPE: (p) =>
      `${p.line ? `Line ${p.line}: ` : ""}${p.field} must be ${EXPECTED.en[p.expected as Expected]}.`,
    INVALID_MOTIVO: (p) =>
      p.problem === "codigo"
        ? `motivo.codigo ${p.value === undefined ? "is missing" : `${show(p.value)} is not valid`}: it must be one of the reason codes of DGII's 608 format, a string from "01" to "10".`
        : p.problem === "descripcion"
          ? `motivo.descripcion must be a string of ${p.length === undefined ? "up to 250 characters" : `up to 250 characters; it has ${p.length}`}.`
          : 'motivo must be an object { "codigo": "01" to "10", "descripcion": optional text }.',
  },
};

/** Every text parameter is cut to 64 characters first: a caller's 1 MB value is never echoed whole. */
export function voidMessage(locale: Locale, code: VoidValidationCode, params: MessageParams = {}): string {
  const shown: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    shown[name] = typeof value === "string" ? truncateForMessage(value, locale) : value;
  }
  return VOID_MESSAGES[locale][code](shown);
}
