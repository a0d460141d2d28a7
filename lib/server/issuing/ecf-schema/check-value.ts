import "server-only";
import Decimal from "decimal.js";

import { ecfError, type EcfValidationError } from "@/lib/domain/ecf-validation";

import { decimalDigits, numberText, type DecimalDigits } from "./decimal-text";
import type { SimpleTypeModel } from "./schema-model";

/**
 * One scalar of the body checked against its simple type and turned into the text the XML carries.
 *
 * What is written: a string as the client wrote it (a numeric one without surrounding blanks, which
 * XSD collapses anyway); a JSON number as its exact decimal text, never through a binary float
 * (`118.5` → "118.5", `1e21` → "1000000000000000000000", `0.1 + 0.2` → "0.30000000000000004",
 * which then fails its facets: an amount is never rounded behind the client's back). A JSON number
 * has no written form of its own, so when a pattern wants fixed decimals (RFCE's `(.[0-9]{2})?`) it
 * is written with the zeros that pattern asks for (`118.5` → "118.50"). A value of a numeric
 * enumeration is written as DGII lists it (Version `1` → "1.0").
 */

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER_TEXT = /^[+-]?\d+$/;
const MAX_LISTED = 40;
// Characters XML 1.0 cannot carry at all (C0 controls but tab and line breaks, U+FFFE/U+FFFF, lone surrogates).
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/u;

export type CheckedValue = { ok: true; text: string } | { ok: false; error: EcfValidationError };

const shown = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;
const characters = (text: string) => [...text].length; // XSD counts characters, not UTF-16 units

function listed(values: string[]): string {
  if (values.length <= MAX_LISTED) return values.join(", ");
  return `${values.slice(0, MAX_LISTED).join(", ")}… (${values.length} en total)`;
}

export function checkValue(type: SimpleTypeModel, value: unknown, field: string, name: string): CheckedValue {
  const bad = (code: string, details: string): CheckedValue => ({
    ok: false,
    error: ecfError(code, field, details),
  });
  if (typeof value === "boolean")
    return bad("WRONG_TYPE", `${name} no admite true/false: envíe el valor como texto o número.`);
  if (typeof value === "number" && !Number.isFinite(value))
    return bad("WRONG_TYPE", `${name} debe ser un número finito.`);
  if (typeof value !== "string" && typeof value !== "number") {
    return bad(
      "WRONG_TYPE",
      `${name} es un valor simple (texto o número), no ${Array.isArray(value) ? "una lista" : "un objeto"}.`,
    );
  }
  if (typeof value === "string" && NOT_XML_CHARACTER.test(value)) {
    return bad("INVALID_CHARACTER", `${name} contiene un carácter de control que XML no admite.`);
  }
  const isNumber = typeof value === "number";
  let text = isNumber ? numberText(value) : value;
  let number: DecimalDigits | undefined;
  if (type.base !== "string") {
    text = text.trim();
    const integer = type.base === "integer";
    if (!(integer ? INTEGER_TEXT : DECIMAL_TEXT).test(text)) {
      return bad(
        "WRONG_TYPE",
        `${name} debe ser un número${integer ? " entero" : ""}; se recibió ${shown(text)}.`,
      );
    }
    number = decimalDigits(text);
  }

  if (type.enumeration) {
    const match = number
      ? enumerationByValue(type).get(number.canonical)
      : type.enumeration.find((option) => option === text);
    if (match === undefined) {
      return bad(
        "ENUMERATION",
        `${shown(text)} no es un valor permitido de ${name}. Valores permitidos: ${listed(type.enumeration)}.`,
      );
    }
    text = match;
  }

  if (!number) {
    const length = characters(text);
    if (type.length !== undefined && length !== type.length) {
      return bad("LENGTH", `${name} debe tener exactamente ${type.length} caracteres; tiene ${length}.`);
    }
    if (type.minLength !== undefined && length < type.minLength) {
      return bad("MIN_LENGTH", `${name} debe tener al menos ${type.minLength} caracteres; tiene ${length}.`);
    }
    if (type.maxLength !== undefined && length > type.maxLength) {
      return bad("MAX_LENGTH", `${name} admite como máximo ${type.maxLength} caracteres; tiene ${length}.`);
    }
  } else {
    // Digits are counted in the value, as XSD does: 118.50 has 4 digits and 1 decimal.
    if (type.totalDigits !== undefined && number.totalDigits > type.totalDigits) {
      return bad(
        "DIGITS",
        `${name} admite como máximo ${type.totalDigits} dígitos en total; ${shown(text)} tiene ${number.totalDigits}.`,
      );
    }
    if (type.fractionDigits !== undefined && number.fractionDigits > type.fractionDigits) {
      return bad(
        "FRACTION_DIGITS",
        `${name} admite como máximo ${type.fractionDigits} decimales; ${shown(text)} tiene ${number.fractionDigits}.`,
      );
    }
    const range = rangeProblem(type, number);
    if (range) return bad("RANGE", `${name} ${range}; se recibió ${shown(text)}.`);
  }

  if (type.patterns.length > 0 && !type.patterns.some(({ regexp }) => regexp.test(text))) {
    const padded = isNumber && number ? paddedToPattern(type, new Decimal(number.canonical)) : undefined;
    if (padded === undefined) {
      const sources = type.patterns.map(({ source }) => source).join(" | ");
      return bad("PATTERN", `${shown(text)} no tiene el formato de ${name} (patrón de DGII: ${sources}).`);
    }
    text = padded;
  }
  return { ok: true, text };
}

function rangeProblem(type: SimpleTypeModel, number: DecimalDigits): string | undefined {
  const { minInclusive, minExclusive, maxInclusive, maxExclusive } = type;
  if (
    minInclusive === undefined &&
    minExclusive === undefined &&
    maxInclusive === undefined &&
    maxExclusive === undefined
  ) {
    return undefined;
  }
  const amount = new Decimal(number.canonical);
  if (type.minInclusive !== undefined && amount.lessThan(type.minInclusive))
    return `debe ser mayor o igual que ${type.minInclusive}`;
  if (type.minExclusive !== undefined && amount.lessThanOrEqualTo(type.minExclusive))
    return `debe ser mayor que ${type.minExclusive}`;
  if (type.maxInclusive !== undefined && amount.greaterThan(type.maxInclusive))
    return `debe ser menor o igual que ${type.maxInclusive}`;
  if (type.maxExclusive !== undefined && amount.greaterThanOrEqualTo(type.maxExclusive))
    return `debe ser menor que ${type.maxExclusive}`;
  return undefined;
}

const enumerations = new WeakMap<SimpleTypeModel, Map<string, string>>();

/** A numeric enumeration by value: canonical text → DGII's literal (`1` and `1.00` → "1.0"). */
function enumerationByValue(type: SimpleTypeModel): Map<string, string> {
  let byValue = enumerations.get(type);
  if (!byValue) {
    byValue = new Map(
      (type.enumeration ?? []).map((option) => [decimalDigits(option.trim()).canonical, option]),
    );
    enumerations.set(type, byValue);
  }
  return byValue;
}

/** A JSON number written with the trailing zeros its pattern wants, if some count of them fits. */
function paddedToPattern(type: SimpleTypeModel, amount: Decimal): string | undefined {
  const most = Math.max(type.fractionDigits ?? 0, 4);
  for (let places = amount.dp() + 1; places <= most; places++) {
    const text = amount.toFixed(places);
    if (type.patterns.some(({ regexp }) => regexp.test(text))) return text;
  }
  return undefined;
}
