import Decimal from "decimal.js";

/**
 * Reading MSeller's JSON e-CF safely. The schema check has already run, so shapes are DGII's, but a
 * scalar may be a string or a number, and a repeated group is an object holding one array
 * (`DetallesItems: { Item: [...] }`); a one-element group sent as a bare object is read as one item
 * so the rules never crash on a shape the XSD walk tolerates.
 */
export type JsonObject = Record<string, unknown>;

export function objectAt(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

/** `parent[group][key]` as a list: `groupItems(ecf, "DetallesItems", "Item")`. */
export function groupItems(parent: JsonObject | undefined, group: string, key: string): JsonObject[] {
  const holder = objectAt(parent?.[group]);
  const items = holder?.[key];
  if (Array.isArray(items)) return items.map((item) => objectAt(item) ?? {});
  const single = objectAt(items);
  return single ? [single] : [];
}

/** A scalar as text (numbers in their shortest form), or undefined when absent or empty. */
export function textAt(parent: JsonObject | undefined, key: string): string | undefined {
  const value = parent?.[key];
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return undefined;
}

// Decimal.js's own defaults round half-even at precision 20; DGII's rule is half-up (Informe
// Técnico §13), and 20 significant digits cover NUM 18 amounts times a 4-decimal price exactly.
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

export const ZERO = new Money(0);

/** A decimal scalar, or undefined when absent or not a number (the XSD walk reports that). */
export function decimalAt(parent: JsonObject | undefined, key: string): Decimal | undefined {
  const text = textAt(parent, key);
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return new Money(text);
}

/** DGII's rounding: two decimals, half-up (750.5276 → 750.53; 0.005 → 0.01). */
export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total: Decimal = ZERO;
  for (const value of values) total = total.plus(value);
  return total;
}

/** Days since the epoch of a `dd-MM-yyyy` date (calendar days, no time zone), or null. */
export function dayNumber(fecha: string | undefined): number | null {
  const match = fecha === undefined ? null : /^(\d{2})-(\d{2})-(\d{4})$/.exec(fecha);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return utc / 86_400_000;
}

/** Days since the epoch of a `yyyy-mm-dd` date (the context's `today`), or null. */
export function isoDayNumber(iso: string | undefined): number | null {
  const match = iso === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? dayNumber(`${match[3]}-${match[2]}-${match[1]}`) : null;
}
