import "server-only";

/**
 * e-NCF arithmetic for the simulator. Deliberately independent of lib/domain: the simulator plays
 * DGII and must not share Anula's own validation code, or a bug there would go unnoticed.
 */
export const VALID_TYPES = new Set(["31", "32", "33", "34", "41", "43", "44", "45", "46", "47"]);
/** Series letters allowed in an e-NCF: E to Z, P excluded (reserved). */
export const VALID_SERIES = /^[E-OQ-Z]$/;
const ENCF_PATTERN = /^([A-Z])(\d{2})(\d{10})$/;

export interface ParsedEncf {
  series: string;
  type: string;
  /** Series letter + type digits: the ledger key of a sequence space. */
  prefix: string;
  number: number;
}

/** Parses the 13-position shape only (letter, 2 digits, 10 digits); callers check the rules. */
export function parseEncf(encf: string): ParsedEncf | null {
  const match = ENCF_PATTERN.exec(encf);
  if (!match) return null;
  const [, series, type, digits] = match as unknown as [string, string, string, string];
  return { series, type, prefix: series + type, number: Number(digits) };
}

export function formatEncf(prefix: string, number: number): string {
  return prefix + String(number).padStart(10, "0");
}

/** "E310000000003" for a single sequence, "E310000000003-E310000000007" for a range. */
export function describeRange(prefix: string, from: number, to: number): string {
  return from === to ? formatEncf(prefix, from) : `${formatEncf(prefix, from)}-${formatEncf(prefix, to)}`;
}

/** Joins at most `limit` items so a message about 100,000 ranges stays readable. */
export function listWithLimit(items: string[], limit = 20): string {
  if (items.length <= limit) return items.join(", ");
  return `${items.slice(0, limit).join(", ")} y ${items.length - limit} más`;
}
