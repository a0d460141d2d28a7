import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { decidingReception } from "@/lib/domain/dgii-submissions";
import { statedEstado } from "@/lib/domain/dgii-estado";
import { isConsumerInvoice } from "@/lib/domain/ecf-types";
import { isAppError } from "@/lib/errors";
import type { LookupReason } from "@/lib/schemas/documents-query";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { recordDgiiSubmissions, recordDgiiSummary, type FoundSubmission } from "@/lib/server/ledger";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import { giveBackTokens, takeToken } from "@/lib/server/platform/limits/shared-limits";
import { trackInFlight } from "@/lib/server/platform/ops/in-flight";
import type { SigningCredential } from "@/lib/server/platform/signing";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { currentVoidServiceStatus } from "@/lib/server/platform/taxauth/service-status";

import {
  batchClaimRelease,
  claimLookup,
  claimLookups,
  markAbsent,
  releaseClaim,
  type BatchClaimState,
  type LookupKey,
} from "./lookup-claims";

export type LookupOutcome =
  /** DGII received it: its document is stored now (read it again). */
  | { kind: "found" }
  /** DGII lists no submission of it. */
  | { kind: "absent" }
  | { kind: "unanswered"; reason: LookupReason; message: string };

type Unanswered = Extract<LookupOutcome, { kind: "unanswered" }>;

/** One e-NCF to look up; a type 32 summary (RFCE) can only be found with its security code. */
export interface LookupEntry {
  ecf: string;
  codigoSeguridad?: string;
}

export interface LookupSettings {
  concurrency: number;
  budgetMs: number;
  absentMs: number;
  perCompanyPerMinute: number;
  totalPerMinute: number;
}

export function lookupSettings(): LookupSettings {
  return loadConfig().documentLookup;
}

/** How long one DGII lookup may hold its claim: the client's own timeouts bound each call. */
const CLAIM_LEASE_MS = 60_000;
/** How often a lookup waiting on another instance's claim looks for its answer. */
const WAIT_POLL_MS = 100;

/**
 * Asks DGII about e-NCF the company does not hold (consultatrackids, then consultaresultado for the
 * submission that decides), `concurrency` at a time, each entry waiting at most `budgetMs`; an
 * entry over budget answers TAXAUTH_TIMEOUT while its lookup finishes in the background. What DGII
 * received is stored through the ledger's one writer, so the number counts as used by the one rule.
 */
export async function lookUpAtDgii(
  caller: { accountId: string; rnc: string; environment: Environment },
  entries: readonly LookupEntry[],
  settings: LookupSettings = lookupSettings(),
): Promise<Map<string, LookupOutcome>> {
  const outcomes = new Map<string, LookupOutcome>();
  const pending: LookupEntry[] = [];
  for (const entry of unique(entries)) {
    const refusal = notAskable(caller.environment, entry);
    if (refusal) outcomes.set(entry.ecf, refusal);
    else pending.push(entry);
  }
  if (pending.length === 0) return outcomes;
  const unavailable = await maintenanceOf(caller.environment);
  const credential = unavailable ?? (await credentialOf(caller.accountId));
  if ("kind" in credential) {
    for (const entry of pending) outcomes.set(entry.ecf, credential);
    return outcomes;
  }

  // The whole batch is claimed, checked against the store and charged to the minute's limits up
  // front: two or three statements instead of four per number before DGII is asked.
  const claims = await claimLookups(
    caller,
    pending.map((entry) => entry.ecf),
    CLAIM_LEASE_MS,
  );
  const claimed = pending.filter((entry) => claims.states.get(entry.ecf) === "claimed").length;
  const prepaid = claimed > 0 && (await takeDgiiCalls(caller.accountId, settings, claimed)) === null;
  const unstarted: string[] = [];
  const release = batchClaimRelease(caller, claims.claimId);

  const deadline = Date.now() + settings.budgetMs;
  let budgetTimer: NodeJS.Timeout | undefined;
  const overBudget = new Promise<"over">((resolve) => {
    budgetTimer = setTimeout(() => resolve("over"), settings.budgetMs);
  });
  const queue = [...pending];
  const answered: Array<Promise<void>> = [];
  // A worker is one of the `concurrency` lookups asking DGII at once: it moves on to the next entry
  // as soon as DGII has answered this one, while the answer is stored (the store's writes overlap
  // the next entry's DGII calls instead of holding DGII's fan-out back).
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      if (Date.now() >= deadline) {
        outcomes.set(entry.ecf, timeoutOutcome());
        if (claims.states.get(entry.ecf) === "claimed") unstarted.push(entry.ecf);
        continue;
      }
      const ecf = entry.ecf;
      let dgiiAnswered!: () => void;
      const asked = new Promise<void>((resolve) => (dgiiAnswered = resolve));
      const lookup = trackInFlight(
        lookUpOne(
          { ...caller, ncf: ecf },
          entry.codigoSeguridad,
          credential.value,
          settings,
          deadline,
          dgiiAnswered,
          claims.states.get(ecf) ?? "running-elsewhere",
          { prepaid, release: () => release.finished(ecf) },
        )
          .catch((error: unknown): LookupOutcome => {
            logger.error({ ncf: ecf, err: error }, "DGII lookup failed");
            return unavailableOutcome("La consulta a la DGII falló; reintente en unos minutos.");
          })
          .finally(dgiiAnswered),
      );
      answered.push(
        Promise.race([lookup, overBudget]).then((outcome) => {
          outcomes.set(ecf, outcome === "over" ? timeoutOutcome() : outcome);
        }),
      );
      await Promise.race([asked, overBudget]);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, pending.length) }, worker));
    await Promise.all(answered);
  } finally {
    clearTimeout(budgetTimer);
    await release.close(unstarted);
  }
  return outcomes;
}

/**
 * One number, from its state in the batch's claim: ask DGII and store what it says; or wait for the
 * instance that asks, and claim it when that one lets go without an answer.
 */
async function lookUpOne(
  key: LookupKey & { rnc: string },
  securityCode: string | undefined,
  credential: SigningCredential,
  settings: LookupSettings,
  deadline: number,
  dgiiAnswered: () => void,
  batchClaim: BatchClaimState,
  batchTerms: ClaimTerms,
): Promise<LookupOutcome> {
  let claim = batchClaim;
  let terms = batchTerms;
  for (;;) {
    if (claim === "held") return { kind: "found" };
    if (claim === "absent") return { kind: "absent" };
    if (claim === "claimed") {
      return securityCode && isConsumerInvoice(key.ncf)
        ? askSummaryAndStore(key, securityCode, credential, settings, dgiiAnswered, terms)
        : askAndStore(key, credential, settings, dgiiAnswered, terms);
    }
    // Another instance (or request) is asking: its answer lands in the store or in the claim row.
    if (Date.now() >= deadline) return timeoutOutcome();
    await sleep(WAIT_POLL_MS);
    if (await isHeld(key)) return { kind: "found" };
    claim = await claimLookup(key, CLAIM_LEASE_MS);
    terms = { prepaid: false, release: () => releaseClaim(key) };
    // The claim may follow another's lookup that stored the document and let go in between.
    if (claim === "claimed" && (await isHeld(key))) {
      await releaseClaim(key);
      return { kind: "found" };
    }
  }
}

/**
 * What a claimed lookup owes: `prepaid`, the batch already took its DGII calls from the minute's
 * limits; `release`, how its claim is let go of once it is over (found, refused or failed).
 */
interface ClaimTerms {
  prepaid: boolean;
  release: () => Promise<void>;
}

/** `dgiiAnswered` is called once DGII has answered, before the answer is stored. */
async function askAndStore(
  key: LookupKey & { rnc: string },
  credential: SigningCredential,
  settings: LookupSettings,
  dgiiAnswered: () => void,
  terms: ClaimTerms,
): Promise<LookupOutcome> {
  let absent = false;
  try {
    const limited = terms.prepaid ? null : await takeDgiiCalls(key.accountId, settings);
    if (limited) return limited;
    const client = getTaxAuthClient();
    const submissions: FoundSubmission[] = await client.queryTrackIds(
      key.environment,
      key.rnc,
      credential,
      key.ncf,
    );
    if (submissions.length === 0) {
      dgiiAnswered();
      absent = true;
      await markAbsent(key, settings.absentMs);
      return { kind: "absent" };
    }
    const deciding = decidingReception(submissions);
    const verdict = await client.queryStatus(key.environment, key.rnc, credential, deciding.trackId);
    dgiiAnswered();
    await recordDgiiSubmissions({
      accountId: key.accountId,
      rnc: key.rnc,
      environment: key.environment,
      encf: key.ncf,
      submissions,
      // "No encontrado" by trackId (DGII still indexing) says nothing: the list's estado stands.
      verdict:
        verdict.codigo === 0
          ? undefined
          : {
              trackId: deciding.trackId,
              estado: statedEstado(verdict.estado, verdict.raw),
              answer: verdict.raw,
            },
      // DGII was just asked: checkedAt says so (a final status is never refreshed, so nothing else would).
      checkedAt: Date.now(),
    });
    return { kind: "found" };
  } catch (error) {
    if (!isAppError(error)) throw error;
    logger.warn({ ncf: key.ncf, code: error.code, err: error }, "DGII lookup got no answer");
    return unavailableOutcome(`La DGII no respondió a la consulta: ${error.message}`);
  } finally {
    if (!absent) await terms.release();
  }
}

/**
 * A type 32 the caller gave a security code for: DGII's consultarfce, which finds consumer-invoice
 * summaries (RFCE). A type 32 at or above RD$250,000 travels whole and is listed by consultatrackids,
 * so "not found" there falls back to the trackIds lookup.
 */
async function askSummaryAndStore(
  key: LookupKey & { rnc: string },
  securityCode: string,
  credential: SigningCredential,
  settings: LookupSettings,
  dgiiAnswered: () => void,
  terms: ClaimTerms,
): Promise<LookupOutcome> {
  let released = false;
  try {
    const limited = terms.prepaid ? null : await takeDgiiCalls(key.accountId, settings);
    if (limited) return limited;
    const verdict = await getTaxAuthClient().querySummary({
      environment: key.environment,
      rnc: key.rnc,
      credential,
      encf: key.ncf,
      securityCode,
    });
    if (verdict.codigo === 0) {
      released = true;
      return await askAndStore(key, credential, settings, dgiiAnswered, { ...terms, prepaid: false });
    }
    dgiiAnswered();
    await recordDgiiSummary({
      accountId: key.accountId,
      rnc: key.rnc,
      environment: key.environment,
      encf: key.ncf,
      securityCode,
      estado: statedEstado(verdict.estado, verdict.raw),
      answer: verdict.raw,
    });
    return { kind: "found" };
  } catch (error) {
    if (!isAppError(error)) throw error;
    logger.warn({ ncf: key.ncf, code: error.code, err: error }, "DGII summary lookup got no answer");
    return unavailableOutcome(`La DGII no respondió a la consulta del resumen: ${error.message}`);
  } finally {
    if (!released) await terms.release();
  }
}

/** Whether DGII can be asked about this number at all, before any call. */
function notAskable(environment: Environment, entry: LookupEntry): LookupOutcome | null {
  if (environment === "CerteCF") {
    return notAskableOutcome(
      "La DGII no ofrece la consulta de trackId (consultatrackids) en CerteCF: un e-NCF que Anula no tiene no se puede buscar allí.",
    );
  }
  if (isConsumerInvoice(entry.ecf) && !entry.codigoSeguridad) {
    return notAskableOutcome(
      "Una factura de consumo (tipo 32) menor de RD$250,000 llega a la DGII como resumen (RFCE), que " +
        "consultatrackids no lista: sin su código de seguridad (codigoSeguridad) no se puede encontrar.",
    );
  }
  return null;
}

async function maintenanceOf(environment: Environment): Promise<Unanswered | null> {
  const status = await currentVoidServiceStatus(environment).catch(() => null);
  if (status?.state !== "maintenance") return null;
  return unavailableOutcome(
    `La DGII anuncia ${environment} en una ventana de mantenimiento; no se consultó.`,
  );
}

async function credentialOf(accountId: string): Promise<{ value: SigningCredential } | Unanswered> {
  try {
    return { value: await getActiveSigningCredential(accountId) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return notAskableOutcome(
      `Sin un certificado activo la DGII no se puede consultar (${error.code}): cargue el certificado de la empresa.`,
    );
  }
}

/**
 * `count` lookups (each its consultatrackids and consultaresultado calls) from the company's and the
 * deployment's minute, all or none: refused, whatever one limit took is given back. A batch refused
 * as a whole is charged number by number instead, so the lookups the minute still allows happen.
 */
async function takeDgiiCalls(
  accountId: string,
  settings: LookupSettings,
  count = 1,
): Promise<LookupOutcome | null> {
  const db = await getDb();
  const now = Date.now();
  const taken: Array<{ key: string; perMinute: number }> = [];
  for (const [key, perMinute] of [
    [`dgii-lookups:${accountId}`, settings.perCompanyPerMinute],
    ["dgii-lookups:*", settings.totalPerMinute],
  ] as const) {
    if (perMinute === 0) continue;
    const take = await takeToken(db, key, perMinute, perMinute / 60_000, now, count);
    if (!take.granted) {
      for (const done of taken) await giveBackTokens(db, done.key, done.perMinute, count);
      return {
        kind: "unanswered",
        reason: "RATE_LIMITED",
        message: "Se alcanzó el límite de consultas a la DGII por minuto; reintente en un minuto.",
      };
    }
    taken.push({ key, perMinute });
  }
  return null;
}

async function isHeld(key: LookupKey): Promise<boolean> {
  const db = await getDb();
  const row = await db.document.findFirst({
    where: { accountId: key.accountId, environment: key.environment, ncf: key.ncf },
    select: { id: true },
  });
  return row !== null;
}

function notAskableOutcome(message: string): Unanswered {
  return { kind: "unanswered", reason: "NOT_ASKABLE", message };
}

function unavailableOutcome(message: string): Unanswered {
  return { kind: "unanswered", reason: "TAXAUTH_UNAVAILABLE", message };
}

function timeoutOutcome(): LookupOutcome {
  return {
    kind: "unanswered",
    reason: "TAXAUTH_TIMEOUT",
    message:
      "La DGII no respondió a tiempo; la consulta sigue y una nueva consulta en unos segundos la encontrará.",
  };
}

function unique(entries: readonly LookupEntry[]): LookupEntry[] {
  const byEcf = new Map<string, LookupEntry>();
  for (const entry of entries) if (!byEcf.has(entry.ecf)) byEcf.set(entry.ecf, entry);
  return [...byEcf.values()];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
