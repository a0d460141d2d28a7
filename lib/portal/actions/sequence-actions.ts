"use server";

import "server-only";

import Papa from "papaparse";
import { revalidatePath } from "next/cache";

import { typedInstantOf } from "@/lib/domain/fecha";
import type { ProposedRange } from "@/lib/domain/gap-proposal";
import { format, plural } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import {
  ALL_GAPS_MAX,
  collectGaps,
  createAuthorization,
  createAuthorizations,
  deleteAuthorization,
  setCoverageMark,
} from "@/lib/server/ledger";
import {
  checkRangesSent,
  type NumberAnswer,
  type RangeAnswer,
} from "@/lib/server/sequences-review/track-ids-check";

import { getPortalPreferences } from "../preferences";
import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

/** Authorizations in one CSV at most (the ledger keeps at most 1,000 per company and environment). */
const CSV_MAX_ROWS = 1000;
const CSV_MAX_CHARS = 200_000;
const CSV_COLUMNS = ["secuenciaDesde", "secuenciaHasta", "fechaAutorizacion", "fechaVencimiento", "nota"];

export async function createAuthorizationAction(body: Record<string, string>): Promise<ActionResult> {
  const auth = await requirePortalAuth("action createAuthorizationAction");
  const { environment } = await getPortalPreferences();
  const t = (await dictionary()).sequences;
  try {
    const created = await createAuthorization({
      accountId: auth.accountId,
      environment,
      body: withoutBlanks(body),
      createdBy: auth.email,
    });
    revalidatePath("/sequences");
    return {
      ok: true,
      message: format(t.authorizations.created, { from: created.secuenciaDesde, to: created.secuenciaHasta }),
    };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/**
 * Authorizations from a CSV (header: secuenciaDesde, secuenciaHasta, fechaAutorizacion,
 * fechaVencimiento, nota): entered in one transaction, each row checked as the API checks one; the
 * first refused row (an overlap, a bad date…) is named and nothing of the file is entered.
 */
export async function importAuthorizationsCsvAction(text: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action importAuthorizationsCsvAction");
  const { environment, locale } = await getPortalPreferences();
  const t = (await dictionary()).sequences.authorizations;
  const source = String(text ?? "");
  if (source.length > CSV_MAX_CHARS) return { ok: false, message: t.csvTooLarge };
  const parsed = Papa.parse<Record<string, string>>(source.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", ";", "\t"],
    transformHeader: (header) => header.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  if (!headers.includes("secuenciaDesde") || !headers.includes("secuenciaHasta")) {
    return { ok: false, message: t.csvHeader };
  }
  if (parsed.data.length === 0) return { ok: false, message: t.csvEmpty };
  if (parsed.data.length > CSV_MAX_ROWS)
    return { ok: false, message: format(t.csvTooMany, { max: CSV_MAX_ROWS }) };
  const result = await createAuthorizations({
    accountId: auth.accountId,
    environment,
    bodies: parsed.data.map((row) =>
      withoutBlanks(
        Object.fromEntries(CSV_COLUMNS.map((column) => [column, String(row[column] ?? "").trim()])),
      ),
    ),
    createdBy: auth.email,
  });
  if (!result.ok) {
    const { error } = result;
    const detail = [error.message, ...(error.errors ?? []).map((problem) => problem.message)];
    return {
      ok: false,
      message: format(t.csvRowRefused, {
        row: result.index + 2,
        message: locale === "es" ? detail.join(" · ") : errorMessage(error, locale),
      }),
    };
  }
  revalidatePath("/sequences");
  return { ok: true, message: plural(t.csvCreated, result.created.length, locale) };
}

export async function deleteAuthorizationAction(id: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action deleteAuthorizationAction");
  const { environment } = await getPortalPreferences();
  const t = (await dictionary()).sequences.authorizations;
  try {
    await deleteAuthorization(auth.accountId, environment, String(id));
    revalidatePath("/sequences");
    return { ok: true, message: t.deleted };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** `local`: yyyy-MM-ddTHH:mm in Santo Domingo time (UTC−4, no DST), from the page's date-time field. */
export async function setCoverageMarkAction(local: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setCoverageMarkAction");
  const { environment } = await getPortalPreferences();
  const t = (await dictionary()).sequences.coverage;
  // Typed dd-mm-aaaa hh:mm (24 h) in Santo Domingo; yyyy-MM-ddTHH:mm is read too.
  const instant = typedInstantOf(String(local ?? ""));
  if (instant === null) return { ok: false, message: t.invalid };
  try {
    await setCoverageMark(auth.accountId, environment, instant, auth.email);
    revalidatePath("/sequences");
    return { ok: true, message: t.saved };
  } catch (error) {
    return knownProblemResult(error);
  }
}

export type CheckSentResult =
  { ok: true; ranges: RangeAnswer[]; numbers: NumberAnswer[] } | { ok: false; message: string };

/** "¿Se envió alguna vez?": consultatrackids for the edges of the ranges and the numbers typed. */
export async function checkRangesSentAction(
  ranges: ProposedRange[],
  numbers: string[] = [],
): Promise<CheckSentResult> {
  const auth = await requirePortalAuth("action checkRangesSentAction");
  const { environment } = await getPortalPreferences();
  const clean = (Array.isArray(ranges) ? ranges : [])
    .filter((range) => typeof range?.secuenciaDesde === "string" && typeof range?.secuenciaHasta === "string")
    .slice(0, 10_000)
    .map((range) => ({ secuenciaDesde: range.secuenciaDesde, secuenciaHasta: range.secuenciaHasta }));
  try {
    const answer = await checkRangesSent({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      ranges: clean,
      numbers: (Array.isArray(numbers) ? numbers : []).map(String).slice(0, 200),
    });
    return { ok: true, ranges: answer.ranges, numbers: answer.numbers };
  } catch (error) {
    return { ok: false, message: (await knownProblemResult(error)).message };
  }
}

export type AllGapsResult =
  { ok: true; ranges: ProposedRange[]; capped: boolean; max: number } | { ok: false; message: string };

/**
 * "Seleccionar todos los huecos": every gap of the review (the page shows the first 1,000), gathered
 * server-side through nextToken up to ALL_GAPS_MAX ranges, with the review's closing tail if any.
 */
export async function selectAllGapsAction(cierreDesde: string = ""): Promise<AllGapsResult> {
  const auth = await requirePortalAuth("action selectAllGapsAction");
  const { environment } = await getPortalPreferences();
  try {
    const closing = String(cierreDesde ?? "").trim();
    const all = await collectGaps({ accountId: auth.accountId, environment, cierreDesde: closing || null });
    return { ok: true, ranges: all.ranges, capped: all.capped, max: ALL_GAPS_MAX };
  } catch (error) {
    return { ok: false, message: (await knownProblemResult(error)).message };
  }
}

function withoutBlanks(body: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body ?? {}).filter(([, value]) => typeof value === "string" && value.trim() !== ""),
  );
}
