import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { IntervalSet, type Interval } from "./interval-set";
import { formatEncf, parseEncf, VALID_TYPES } from "./sequences";

/** A range of e-NCF as the admin API exchanges them: { from: "E310000000001", to: "E310000000005" }. */
export interface LedgerRange {
  from: string;
  to: string;
}

/** A range already split into its sequence space and numbers. */
export interface NumericRange {
  prefix: string;
  from: number;
  to: number;
}

type SequenceKind = "authorized" | "issued" | "voided";
type Spaces = Map<string, IntervalSet>;

interface TaxpayerBook {
  authorized: Spaces;
  issued: Spaces;
  voided: Spaces;
  /** Set once the admin authorizes anything, which switches off the default TesteCF authorization. */
  explicitlyAuthorized: boolean;
}

/**
 * What DGII knows per taxpayer and environment: authorized, issued and voided sequences, all as
 * interval sets per series+type. In TesteCF every RNC has a generous default authorization
 * (series E, every type, 1..9,999,999,999) until the admin sets its ranges explicitly.
 */
export class Ledger {
  private books = new Map<string, TaxpayerBook>();

  constructor(private readonly options: { defaultTestAuthorization?: boolean } = {}) {}

  reset(): void {
    this.books.clear();
  }

  authorize(environment: Environment, rnc: string, ranges: LedgerRange[]): void {
    const book = this.book(environment, rnc);
    book.explicitlyAuthorized = true;
    addRanges(book.authorized, ranges.map(toNumericRange));
  }

  markIssued(environment: Environment, rnc: string, ranges: LedgerRange[]): void {
    addRanges(this.book(environment, rnc).issued, ranges.map(toNumericRange));
  }

  recordVoided(environment: Environment, rnc: string, ranges: NumericRange[]): void {
    addRanges(this.book(environment, rnc).voided, ranges);
  }

  /** Parts of the range that are NOT authorized to the RNC. */
  unauthorizedParts(environment: Environment, rnc: string, range: NumericRange): Interval[] {
    if (this.hasDefaultAuthorization(environment, rnc, range.prefix)) return [];
    const set = this.books.get(bookKey(environment, rnc))?.authorized.get(range.prefix);
    return set ? set.missing(range.from, range.to) : [[range.from, range.to]];
  }

  /** Parts of the range that were issued or already voided. */
  usedParts(environment: Environment, rnc: string, range: NumericRange): Interval[] {
    const book = this.books.get(bookKey(environment, rnc));
    if (!book) return [];
    const used = new IntervalSet([
      ...(book.issued.get(range.prefix)?.intersection(range.from, range.to) ?? []),
      ...(book.voided.get(range.prefix)?.intersection(range.from, range.to) ?? []),
    ]);
    return used.toArray();
  }

  /** Whether one sequence was issued (used by an e-CF) or voided; undefined when neither. */
  usedAs(environment: Environment, rnc: string, range: NumericRange): "issued" | "voided" | undefined {
    const book = this.books.get(bookKey(environment, rnc));
    const touches = (kind: "issued" | "voided") =>
      (book?.[kind].get(range.prefix)?.intersection(range.from, range.to).length ?? 0) > 0;
    if (touches("voided")) return "voided";
    if (touches("issued")) return "issued";
    return undefined;
  }

  list(environment: Environment, rnc: string, kind: SequenceKind): LedgerRange[] {
    const spaces = this.books.get(bookKey(environment, rnc))?.[kind];
    if (!spaces) return [];
    return [...spaces.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([prefix, set]) =>
        set.toArray().map(([from, to]) => ({ from: formatEncf(prefix, from), to: formatEncf(prefix, to) })),
      );
  }

  toJSON(): unknown {
    return [...this.books.entries()].map(([key, book]) => ({
      key,
      explicitlyAuthorized: book.explicitlyAuthorized,
      authorized: spacesToJson(book.authorized),
      issued: spacesToJson(book.issued),
      voided: spacesToJson(book.voided),
    }));
  }

  load(json: unknown): void {
    this.books.clear();
    for (const entry of json as Array<Record<string, unknown>>) {
      this.books.set(String(entry.key), {
        explicitlyAuthorized: Boolean(entry.explicitlyAuthorized),
        authorized: spacesFromJson(entry.authorized),
        issued: spacesFromJson(entry.issued),
        voided: spacesFromJson(entry.voided),
      });
    }
  }

  private hasDefaultAuthorization(environment: Environment, rnc: string, prefix: string): boolean {
    if (this.options.defaultTestAuthorization === false || environment !== "TesteCF") return false;
    if (this.books.get(bookKey(environment, rnc))?.explicitlyAuthorized) return false;
    return prefix[0] === "E" && VALID_TYPES.has(prefix.slice(1));
  }

  private book(environment: Environment, rnc: string): TaxpayerBook {
    const key = bookKey(environment, rnc);
    let book = this.books.get(key);
    if (!book) {
      book = { authorized: new Map(), issued: new Map(), voided: new Map(), explicitlyAuthorized: false };
      this.books.set(key, book);
    }
    return book;
  }
}

function bookKey(environment: Environment, rnc: string): string {
  return `${environment}|${rnc}`;
}

function addRanges(spaces: Spaces, ranges: NumericRange[]): void {
  const byPrefix = new Map<string, Interval[]>();
  for (const range of ranges) {
    const list = byPrefix.get(range.prefix) ?? [];
    list.push([range.from, range.to]);
    byPrefix.set(range.prefix, list);
  }
  for (const [prefix, intervals] of byPrefix) {
    const set = spaces.get(prefix) ?? new IntervalSet();
    set.addMany(intervals);
    spaces.set(prefix, set);
  }
}

/** Admin input: both ends must be well-formed e-NCF of the same series and type. */
export function toNumericRange(range: LedgerRange): NumericRange {
  const from = parseEncf(range.from);
  const to = parseEncf(range.to ?? range.from);
  if (!from || !to || from.prefix !== to.prefix || from.number > to.number) {
    throw new Error(`Invalid range ${range.from}-${range.to}`);
  }
  return { prefix: from.prefix, from: from.number, to: to.number };
}

function spacesToJson(spaces: Spaces): Record<string, Interval[]> {
  return Object.fromEntries([...spaces.entries()].map(([prefix, set]) => [prefix, set.toArray()]));
}

function spacesFromJson(json: unknown): Spaces {
  const entries = Object.entries((json ?? {}) as Record<string, Interval[]>);
  return new Map(entries.map(([prefix, intervals]) => [prefix, new IntervalSet(intervals)]));
}
