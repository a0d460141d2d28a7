import "server-only";

import { formatEncf, readEncf } from "@/lib/domain/encf";
import { expiredTailProven, gapCutoff } from "@/lib/domain/gap-safety";
import type { EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import {
  difference,
  EMPTY_SET,
  normalize,
  serieTipoKey,
  union,
  type Interval,
  type IntervalSet,
} from "@/lib/domain/intervals";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/platform/config";

import { listStoredAuthorizations, type StoredAuthorization } from "./authorizations";
import { getCoverageMark } from "./coverage";
import { isoToDmy, todayIso } from "./dates";
import {
  highestIssued,
  highestIssuedBefore,
  holesBetweenIssued,
  issuedInRanges,
  issuedSummaries,
  type IssuedDocument,
  type IssuedSummary,
  usedBelow,
} from "./issued";
import { eachSerieTipo } from "./serie-tipo";
import { syncVoidedIntervals } from "./sync-voided";
import { unknownOutcomes, voidedBetween } from "./voided";

export const GAPS_DEFAULT_LIMIT = 100;
export const GAPS_MAX_LIMIT = 1_000;
/** Holes read per round trip while filling a page (some vanish: voided, or an unknown outcome). */
const HOLE_CHUNK = 2_000;

export type GapKind = "salto" | "vencida" | "cierre";

/** What was checked before a gap was proposed (the review shows it). */
export interface GapChecks {
  /** The company's import-coverage mark (epoch ms): every e-CF issued up to then was imported. */
  coverageMark: number;
  quietPeriodHours: number;
  /** The higher number that proves the skip, issued before min(mark, now − quiet period). */
  higherIssued: string | null;
  higherIssuedAt: number | null;
  /** higherIssuedAt is the e-CF's issue date; false: only its import's time was known (null: no proof). */
  higherIssuedAtKnown: boolean | null;
  /** Numbers of imported e-CF (used ones), of accepted voids and of voids with an unknown outcome were taken out. */
  issuedExcluded: true;
  voidedExcluded: true;
  unknownOutcomeExcluded: true;
  /** vencida: the authorization's last day; cierre: the number the closing starts at. */
  expiredOn?: string;
  closingFrom?: string;
}

export interface Gap {
  kind: GapKind;
  serie: string;
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
  authorizationId: string | null;
  checked: GapChecks;
}

/** A series+type whose gaps were held back, and why. */
export interface WithheldSeries {
  serie: string;
  tipoeCF: string;
  reason: "NO_COVERAGE_MARK" | "QUIET_PERIOD";
  /** The highest number issued (the newest ones wait out the quiet period or the mark). */
  highestIssued: string | null;
  message: string;
}

export interface GapsPage {
  gaps: Gap[];
  nextToken?: string;
  checks: {
    coverageMark: number | null;
    quietPeriodHours: number;
    /** min(coverage mark, now − quiet period): only numbers issued by then prove a gap. */
    cutoff: number | null;
    withheld: WithheldSeries[];
    /** Error voids beyond the newest 1,000 were not read: their numbers may still show as gaps. */
    unknownOutcomesTruncated: boolean;
  };
}

export interface GapsQuery {
  accountId: string;
  environment: Environment;
  limit?: string | null;
  nextToken?: string | null;
  /** "Closing" a range: the unused numbers from this e-NCF to the end of its authorization. */
  cierreDesde?: string | null;
  now?: number;
  /**
   * Server-side callers only (collectGaps): a page size past GAPS_MAX_LIMIT, so "every gap" is one
   * pass instead of a findGaps per 1,000 gaps. Never read from a request.
   */
  internalLimit?: number;
}

interface Position {
  key: string;
  section: 0 | 1 | 2;
  desde: number;
}

/**
 * GET …/secuencias/huecos: the numbers the ledger proposes to void, per series+type in order —
 * skipped numbers (below the highest issued, neither issued nor voided), the unused tails of expired
 * authorizations, and a closing tail when `cierreDesde` is given. Safety: nothing is proposed without
 * the company's import-coverage mark, and only numbers below a higher one issued before
 * min(mark, now − quiet period); each gap says what was checked. Keyset-paged (limit, nextToken).
 */
export async function findGaps(query: GapsQuery): Promise<GapsPage> {
  const { accountId, environment } = query;
  const now = query.now ?? Date.now();
  const limit = query.internalLimit ?? parseLimit(query.limit);
  const cursor = query.nextToken ? decodeGapToken(query.nextToken) : undefined;
  const closing = query.cierreDesde ? parseClosing(query.cierreDesde) : undefined;
  await syncVoidedIntervals(accountId, environment, now);

  const quietPeriodHours = loadConfig().ledgerQuietPeriodHours;
  // Independent reads at once (on PostgreSQL each round trip is most of their cost).
  const [mark, summaries, authorizations, unknown] = await Promise.all([
    getCoverageMark(accountId, environment),
    issuedSummaries(accountId, environment),
    listStoredAuthorizations(accountId, environment),
    unknownOutcomes(accountId, environment),
  ]);
  const cutoff = gapCutoff(mark?.coveredUntil ?? null, now, quietPeriodHours);
  const summaryByKey = new Map(summaries.map((s) => [serieTipoKey(s.serie, s.tipoeCF), s]));
  const authsByKey = new Map<string, StoredAuthorization[]>();
  for (const auth of authorizations) {
    const key = serieTipoKey(auth.serie, auth.tipoeCF);
    authsByKey.set(key, [...(authsByKey.get(key) ?? []), auth]);
  }
  if (closing) {
    const auths = authsByKey.get(closing.key) ?? [];
    closing.auth = auths.find((a) => a.desde <= closing.secuencia && closing.secuencia <= a.hasta);
    if (!closing.auth) {
      throw new AppError(
        "INVALID_PARAMETER",
        `cierreDesde ${closing.value} no está dentro de ninguna autorización registrada.`,
      );
    }
  }
  const keys = eachSerieTipo([...summaryByKey.keys(), ...authsByKey.keys()]);

  const page: GapsPage = {
    gaps: [],
    checks: {
      coverageMark: mark?.coveredUntil ?? null,
      quietPeriodHours,
      cutoff,
      withheld: [],
      unknownOutcomesTruncated: unknown.truncated,
    },
  };
  let next: Position | undefined;
  const push = (position: Position, gap: Gap): boolean => {
    if (page.gaps.length < limit) {
      page.gaps.push(gap);
      return true;
    }
    next = position;
    return false;
  };

  for (const { key, serie, tipoeCF } of keys) {
    if (cursor && key < cursor.key) continue;
    const summary = summaryByKey.get(key);
    const auths = authsByKey.get(key) ?? [];
    const [highest, proof] = summary
      ? await Promise.all([
          highestIssued(accountId, environment, serie, tipoeCF),
          cutoff !== null ? highestIssuedBefore(accountId, environment, serie, tipoeCF, cutoff) : null,
        ])
      : [null, null];
    if (summary && !cursor) {
      if (!mark) page.checks.withheld.push(withheld(serie, tipoeCF, "NO_COVERAGE_MARK", highest));
      else if (highest && proof?.secuencia !== highest.secuencia)
        page.checks.withheld.push(withheld(serie, tipoeCF, "QUIET_PERIOD", highest));
    }
    if (!mark || cutoff === null) continue;
    const checks = (extra: Partial<GapChecks> = {}): GapChecks => ({
      coverageMark: mark.coveredUntil,
      quietPeriodHours,
      higherIssued: proof?.ncf ?? null,
      higherIssuedAt: proof?.createdAt ?? null,
      higherIssuedAtKnown: proof ? proof.issueDateKnown : null,
      issuedExcluded: true,
      voidedExcluded: true,
      unknownOutcomeExcluded: true,
      ...extra,
    });
    const unknownSet = unknown.byKey.get(key) ?? EMPTY_SET;
    const authOf = (n: number) => auths.find((a) => a.desde <= n && n <= a.hasta)?.id ?? null;
    const make = (kind: GapKind, interval: Interval, extra?: Partial<GapChecks>): Gap => ({
      kind,
      serie,
      tipoeCF,
      secuenciaDesde: formatEncf(serie, tipoeCF as EcfType, interval.desde),
      secuenciaHasta: formatEncf(serie, tipoeCF as EcfType, interval.hasta),
      cantidad: interval.hasta - interval.desde + 1,
      authorizationId: authOf(interval.desde),
      checked: checks(extra),
    });
    const resume = (section: 0 | 1 | 2) =>
      cursor && cursor.key === key && cursor.section === section ? cursor.desde : 1;
    const skip = (section: 0 | 1 | 2) =>
      cursor !== undefined && cursor.key === key && cursor.section > section;

    // The skipped numbers: from the start of the authorization holding the lowest issued number
    // (or that number) up to the proof.
    let skippedSpan: IntervalSet = EMPTY_SET;
    if (summary && proof) {
      const start = Math.min(
        summary.lowest,
        auths.find((a) => a.desde <= summary.lowest && summary.lowest <= a.hasta)?.desde ?? summary.lowest,
      );
      skippedSpan = normalize([{ desde: start, hasta: proof.secuencia }]);
      if (!skip(0)) {
        for await (const piece of skippedPieces(
          accountId,
          environment,
          serie,
          tipoeCF,
          summary,
          start,
          proof,
          resume(0),
          unknownSet,
        )) {
          if (!push({ key, section: 0, desde: piece.desde }, make("salto", piece))) break;
        }
        if (next) break;
      }
    }

    // The unused tails of expired authorizations (nothing can be issued after the expiry: the mark
    // must be past it, and the quiet period too).
    if (!skip(1)) {
      const today = todayIso(now);
      const expired = auths.filter((a) => expiredTailProven(a.expiresOn, today, cutoff));
      const issued = await issuedInRanges(accountId, environment, expired);
      for (const [index, auth] of expired.entries()) {
        const from = Math.max(auth.desde, (issued[index]!.highest ?? auth.desde - 1) + 1, resume(1));
        if (from > auth.hasta) continue;
        const pieces = await freeIn(
          accountId,
          environment,
          serie,
          tipoeCF,
          from,
          auth.hasta,
          union(skippedSpan, unknownSet),
        );
        let stopped = false;
        for (const piece of pieces) {
          if (
            !push(
              { key, section: 1, desde: piece.desde },
              make("vencida", piece, { expiredOn: isoToDmy(auth.expiresOn!) }),
            )
          ) {
            stopped = true;
            break;
          }
        }
        if (stopped) break;
      }
      if (next) break;
    }

    // Closing a range: from cierreDesde to the end of its authorization, above the highest issued
    // number — only when that number is itself past the checks (nothing newer may still arrive).
    if (
      closing &&
      closing.key === key &&
      closing.auth &&
      (!highest || proof?.secuencia === highest.secuencia)
    ) {
      const from = Math.max(closing.secuencia, (highest?.secuencia ?? 0) + 1, resume(2));
      if (from <= closing.auth.hasta) {
        const pieces = await freeIn(
          accountId,
          environment,
          serie,
          tipoeCF,
          from,
          closing.auth.hasta,
          unknownSet,
        );
        for (const piece of pieces) {
          if (
            !push(
              { key, section: 2, desde: piece.desde },
              make("cierre", piece, { closingFrom: closing.value }),
            )
          )
            break;
        }
      }
      if (next) break;
    }
  }
  if (next) page.nextToken = encodeGapToken(next);
  return page;
}

function withheld(
  serie: string,
  tipoeCF: string,
  reason: WithheldSeries["reason"],
  highest: IssuedDocument | null,
): WithheldSeries {
  return {
    serie,
    tipoeCF,
    reason,
    highestIssued: highest?.ncf ?? null,
    message:
      reason === "NO_COVERAGE_MARK"
        ? "No se proponen huecos: la empresa no ha confirmado hasta cuándo importó todos sus e-CF (marca de cobertura)."
        : "Los números más recientes esperan el período de espera o la marca de cobertura antes de probar un hueco.",
  };
}

/** Skipped pieces of one series+type in order, from `fromDesde`: the head, then the holes between used numbers, minus voided and unknown. */
async function* skippedPieces(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  summary: IssuedSummary,
  start: number,
  proof: IssuedDocument,
  fromDesde: number,
  unknownSet: IntervalSet,
): AsyncGenerator<Interval> {
  if (start < summary.lowest && fromDesde < summary.lowest) {
    const head = normalize([{ desde: Math.max(start, fromDesde), hasta: summary.lowest - 1 }]);
    yield* await minusVoided(accountId, environment, serie, tipoeCF, head, unknownSet);
  }
  let nextFrom =
    fromDesde <= summary.lowest
      ? summary.lowest + 1
      : (await usedBelow(accountId, environment, serie, tipoeCF, fromDesde)) + 1;
  for (;;) {
    const holes = await holesBetweenIssued(
      accountId,
      environment,
      serie,
      tipoeCF,
      nextFrom,
      proof.secuencia,
      HOLE_CHUNK,
    );
    if (holes.length === 0) return;
    const clipped = holes
      .map((hole) => ({ desde: Math.max(hole.desde, fromDesde), hasta: hole.hasta }))
      .filter((hole) => hole.desde <= hole.hasta);
    yield* await minusVoided(accountId, environment, serie, tipoeCF, normalize(clipped), unknownSet);
    if (holes.length < HOLE_CHUNK) return;
    nextFrom = holes.at(-1)!.hasta + 2;
  }
}

async function minusVoided(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  set: IntervalSet,
  unknownSet: IntervalSet,
): Promise<IntervalSet> {
  if (set.length === 0) return set;
  const voided = await voidedBetween(
    accountId,
    environment,
    serie,
    tipoeCF,
    set[0]!.desde,
    set.at(-1)!.hasta,
  );
  return difference(set, union(voided, unknownSet));
}

/** The numbers from..to that are not voided nor in `also` (callers know none of them is issued). */
async function freeIn(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  from: number,
  to: number,
  also: IntervalSet,
): Promise<IntervalSet> {
  return difference(
    await minusVoided(
      accountId,
      environment,
      serie,
      tipoeCF,
      normalize([{ desde: from, hasta: to }]),
      EMPTY_SET,
    ),
    also,
  );
}

function parseLimit(value: string | null | undefined): number {
  if (value === undefined || value === null || value === "") return GAPS_DEFAULT_LIMIT;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > GAPS_MAX_LIMIT) {
    throw new AppError("INVALID_LIMIT", `limit debe ser un número entero entre 1 y ${GAPS_MAX_LIMIT}.`);
  }
  return Number(value);
}

function parseClosing(value: string): {
  value: string;
  key: string;
  secuencia: number;
  auth?: StoredAuthorization;
} {
  const parsed = readEncf(value.trim().toUpperCase());
  if (typeof parsed === "string")
    throw new AppError("INVALID_PARAMETER", "cierreDesde debe ser un e-NCF válido (p. ej. E310000000501).");
  return { value: parsed.value, key: serieTipoKey(parsed.serie, parsed.tipo), secuencia: parsed.secuencia };
}

export function encodeGapToken(position: Position): string {
  return Buffer.from(JSON.stringify([position.key, position.section, position.desde]), "utf8").toString(
    "base64url",
  );
}

function decodeGapToken(token: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === "string" &&
      /^[E-Z]\d{2}$/.test(value[0]) &&
      (value[1] === 0 || value[1] === 1 || value[1] === 2) &&
      Number.isSafeInteger(value[2]) &&
      (value[2] as number) >= 1
    ) {
      return { key: value[0], section: value[1], desde: value[2] as number };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError(
    "INVALID_NEXT_TOKEN",
    "nextToken no es válido: use el valor devuelto por la página anterior.",
  );
}
