import "server-only";

import { formatEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import { difference, normalizeBySerieTipo, serieTipoKey, type IntervalSet } from "@/lib/domain/intervals";
import { AppError } from "@/lib/errors";
import { getDb, Prisma } from "@/lib/server/platform/db";
import { readTagged, taggedRead, type TaggedRead } from "@/lib/server/platform/db/tagged-reads";

import { MAX_AUTHORIZATIONS } from "./authorizations";
import { usedNumbersIn, usedNumbersOf, usedSetsRead } from "./issued";
import { eachSerieTipo } from "./serie-tipo";

/** Used numbers named in a SEQUENCE_USED answer; the rest are counted (up to USED_COUNT_CAP). */
export const USED_NUMBERS_SHOWN = 20;
export const USED_COUNT_CAP = 1_000_000;
/** Warnings listed per answer (the ranges outside every authorization; more are counted). */
export const MAX_WARNINGS = 20;

export interface LedgerRange {
  serie: string;
  tipoeCF: string;
  desde: number;
  hasta: number;
}

/**
 * Before signing a void: a range holding a number the ledger holds as used (an imported or issued
 * e-CF, or a submission DGII said it received, unless DGII's own answers leave it reusable) → 409
 * SEQUENCE_USED naming the first 20 and counting the rest, each named number with its source (the
 * company's documents, or DGII's word), and the remedy. Numbers never seen pass.
 */
export async function assertSequencesUnused(
  accountId: string,
  environment: Environment,
  ranges: readonly LedgerRange[],
): Promise<void> {
  await refuseUsedNumbers(accountId, environment, await findUsedNumbers(accountId, environment, ranges));
}

/** assertSequencesUnused's refusal, for used numbers already read (usedNumbersRead). */
export async function refuseUsedNumbers(
  accountId: string,
  environment: Environment,
  used: UsedNumbers,
): Promise<void> {
  if (used.total === 0) return;
  const sources = await usedNumberSources(accountId, environment, used.first);
  const more = used.total - used.first.length;
  const listed = used.first.join(", ") + (more > 0 ? ` y ${used.capped ? "más de " : ""}${more} más` : "");
  throw new AppError(
    "SEQUENCE_USED",
    `No se puede anular: ${used.total === 1 ? "el e-NCF" : `${used.total} e-NCF`} ${listed} ` +
      `${used.total === 1 ? "ya fue emitido" : "ya fueron emitidos"} (${sourceText(sources)}). La DGII solo anula ` +
      "números no utilizados; un e-CF emitido se cancela con una nota de crédito (e-CF 34). No se envió nada.",
    {
      extra: {
        numbers: used.first,
        total: used.total,
        totalCapped: used.capped,
        sources,
        remedy: "Emita una nota de crédito (e-CF 34, código de modificación 1) por cada e-CF emitido.",
      },
    },
  );
}

/** Where the ledger learned that a named number is used, with the status it holds. */
export interface UsedNumberSource {
  encf: string;
  /**
   * "issued": Anula issued it; "import": the company's own documents (the API, an ERP file); "dgii": a
   * lookup found DGII received it.
   */
  source: "issued" | "import" | "dgii";
  status: string;
}

async function usedNumberSources(
  accountId: string,
  environment: Environment,
  numbers: readonly string[],
): Promise<UsedNumberSource[]> {
  if (numbers.length === 0) return [];
  const db = await getDb();
  const rows = await db.document.findMany({
    where: { accountId, environment, ncf: { in: [...numbers] } },
    select: { ncf: true, source: true, status: true },
  });
  const byNcf = new Map(rows.map((row) => [row.ncf, row]));
  return numbers.map((encf) => {
    const row = byNcf.get(encf);
    const source = row?.source === "dgii" || row?.source === "issued" ? row.source : "import";
    return { encf, source, status: row?.status ?? "" };
  });
}

/**
 * Where the named numbers were learned: "documentos importados", which ones Anula issued, which ones
 * DGII said it received and in which state.
 */
function sourceText(sources: readonly UsedNumberSource[]): string {
  const fromDgii = sources.filter((entry) => entry.source === "dgii");
  const issued = sources.filter((entry) => entry.source === "issued").map((entry) => entry.encf);
  const imported = sources.filter((entry) => entry.source === "import").map((entry) => entry.encf);
  if (fromDgii.length === 0 && issued.length === 0) return "documentos importados";
  const parts: string[] = [];
  if (fromDgii.length > 0) {
    parts.push(
      (fromDgii.length === 1 ? "la DGII lo recibió: " : "la DGII los recibió: ") +
        fromDgii.map((entry) => (entry.status ? `${entry.encf}, ${entry.status}` : entry.encf)).join("; "),
    );
  }
  if (issued.length > 0) parts.push(`emitidos en Anula: ${issued.join(", ")}`);
  if (imported.length > 0) parts.push(`documentos importados: ${imported.join(", ")}`);
  return parts.join("; ");
}

export interface UsedNumbers {
  /** The first USED_NUMBERS_SHOWN used e-NCF, by series, type and number. */
  first: string[];
  /** How many used numbers in all, up to USED_COUNT_CAP (`capped` past it). */
  total: number;
  capped: boolean;
}

/**
 * The used numbers inside the ranges, as SEQUENCE_USED names them: the portal's pre-send check shows
 * them before the clerk confirms, assertSequencesUnused refuses the send with them.
 */
export async function findUsedNumbers(
  accountId: string,
  environment: Environment,
  ranges: readonly LedgerRange[],
): Promise<UsedNumbers> {
  return usedNumbersIn(accountId, environment, ranges, USED_NUMBERS_SHOWN, USED_COUNT_CAP);
}

/** findUsedNumbers as a read to fold into another statement (readTagged), e.g. the void's write-ahead. */
export function usedNumbersRead(
  accountId: string,
  environment: Environment,
  ranges: readonly LedgerRange[],
): TaggedRead<UsedNumbers> {
  const sets = usedSetsRead("ledger_used", accountId, environment, ranges);
  return { ...sets, read: (rows) => usedNumbersOf(sets.read(rows), USED_NUMBERS_SHOWN, USED_COUNT_CAP) };
}

export interface LedgerWarning {
  code: "OUTSIDE_AUTHORIZATION";
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
  message: string;
}

/**
 * The parts of the ranges outside every authorization entered for their series+type (types with
 * no authorization entered give none): a warning, never a refusal. At most MAX_WARNINGS listed.
 * `unauthorized` names the series+type of the ranges ("E31") with no authorization entered at all,
 * so nobody claims the ranges were checked against authorizations that do not exist.
 */
export async function outsideAuthorizationWarnings(
  accountId: string,
  environment: Environment,
  ranges: readonly LedgerRange[],
): Promise<OutsideAuthorization> {
  const [outside] = await readTagged(await getDb(), [
    outsideAuthorizationRead(accountId, environment, ranges),
  ]);
  return outside;
}

export interface OutsideAuthorization {
  warnings: LedgerWarning[];
  total: number;
  unauthorized: string[];
}

/**
 * outsideAuthorizationWarnings as a read to fold into another statement (readTagged). It reads only
 * the authorizations of the ranges' series+types: the answer is the same (a series+type without any
 * is `unauthorized` whether other types have some or not), and there are at most MAX_AUTHORIZATIONS.
 */
export function outsideAuthorizationRead(
  accountId: string,
  environment: Environment,
  ranges: readonly LedgerRange[],
): TaggedRead<OutsideAuthorization> {
  const tag = "ledger_authorized";
  const keys = eachSerieTipo(ranges.map((range) => serieTipoKey(range.serie, range.tipoeCF)));
  return taggedRead(
    tag,
    {
      ord: 'row_number() OVER (ORDER BY "serie", "tipoeCF", "desde")',
      serie: '"serie"',
      tipo: '"tipoeCF"',
      lo: '"desde"',
      hi: '"hasta"',
    },
    Prisma.sql`
      FROM "SequenceAuthorization"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND ("serie", "tipoeCF") IN (
          SELECT * FROM unnest(${keys.map((key) => key.serie)}::text[], ${keys.map((key) => key.tipoeCF)}::text[]))
      ORDER BY "serie", "tipoeCF", "desde"
      LIMIT ${MAX_AUTHORIZATIONS}`,
    (rows) =>
      outsideOf(
        rows.map((row) => ({ serie: row.serie!, tipoeCF: row.tipo!, desde: row.lo!, hasta: row.hi! })),
        ranges,
      ),
  );
}

/** The warnings of outsideAuthorizationWarnings, from the authorizations read. */
function outsideOf(
  authorizations: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
  ranges: readonly LedgerRange[],
): OutsideAuthorization {
  const requestedBySerieTipo = normalizeBySerieTipo(ranges);
  if (authorizations.length === 0) {
    return { warnings: [], total: 0, unauthorized: [...requestedBySerieTipo.keys()].sort() };
  }
  const authorized = normalizeBySerieTipo(authorizations);
  const warnings: LedgerWarning[] = [];
  const unauthorized: string[] = [];
  let total = 0;
  for (const [key, requested] of requestedBySerieTipo) {
    const inside: IntervalSet | undefined = authorized.get(key);
    if (!inside) {
      unauthorized.push(key);
      continue;
    }
    for (const part of difference(requested, inside)) {
      total += 1;
      if (warnings.length >= MAX_WARNINGS) continue;
      const serie = key.slice(0, 1);
      const tipo = key.slice(1) as EcfType;
      const desde = formatEncf(serie, tipo, part.desde);
      const hasta = formatEncf(serie, tipo, part.hasta);
      warnings.push({
        code: "OUTSIDE_AUTHORIZATION",
        tipoeCF: tipo,
        secuenciaDesde: desde,
        secuenciaHasta: hasta,
        cantidad: part.hasta - part.desde + 1,
        message: `${desde} – ${hasta} está fuera de las autorizaciones registradas del tipo ${tipo}.`,
      });
    }
  }
  return { warnings, total, unauthorized: unauthorized.sort() };
}

/** The ranges of a prepared void as ledger ranges (its stored tuples), for the two checks above. */
export function ledgerRangesOf(
  ranges: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
): LedgerRange[] {
  return [...normalizeBySerieTipo(ranges)].flatMap(([key, set]) =>
    set.map((interval) => ({
      serie: key.slice(0, 1),
      tipoeCF: key.slice(1),
      desde: interval.desde,
      hasta: interval.hasta,
    })),
  );
}
