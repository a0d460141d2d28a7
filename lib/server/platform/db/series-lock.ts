import "server-only";

import { createHash } from "node:crypto";

import type { RawSql } from "./db-or-tx";

/**
 * The advisory-lock key of one (company, environment, series+type): the first 8 bytes of a SHA-256
 * of its text, as a signed 64-bit integer (PostgreSQL's bigint). Computed here rather than with
 * hashtext() so every caller (voids, the ledger's IssuedInterval) gets the same key and can sort by
 * it. Collisions across 2^64 values only make two unrelated series wait for each other.
 */
export function seriesLockKey(
  accountId: string,
  environment: string,
  serie: string,
  tipoeCF: string,
): bigint {
  const digest = createHash("sha256")
    .update(`series:${accountId}:${environment}:${serie}${tipoeCF}`)
    .digest();
  return digest.readBigInt64BE(0);
}

/**
 * Takes the transaction-scoped advisory lock of every key, in ascending order and each once: two
 * transactions locking overlapping sets therefore always take them in the same order and never
 * deadlock. Held until the transaction commits or rolls back; must run inside `$transaction`.
 * On PGlite (one connection, transactions already one at a time) the lock is taken all the same.
 */
export async function lockSeries(tx: RawSql, keys: Iterable<bigint>): Promise<void> {
  const sorted = [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of sorted) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key})`;
}

/**
 * The one lock for every irreversible act on numbers of a company and environment: voiding them
 * (a void's write-ahead, its resend) and every write that settles what a void did (DGII's answer,
 * a person's settlement, a resend's acceptance); issuing an e-CF is to take it as well (the
 * ledger's document triggers already lock the same keys in SQL). Whoever holds it
 * sees a stable picture of those numbers — nothing accepted, settled or sent meanwhile — until its
 * transaction ends. Every series+type the act touches, in the one sorted order (lockSeries); take
 * it before any row lock, so two acts never wait for each other in opposite orders.
 */
export async function lockNumberSeries(
  tx: RawSql,
  accountId: string,
  environment: string,
  seriesTypes: Iterable<{ serie: string; tipoeCF: string }>,
): Promise<void> {
  await lockSeries(tx, seriesLockKeys(accountId, environment, seriesTypes));
}

/** The keys of every (series, type) a request touches, for lockSeries. */
export function seriesLockKeys(
  accountId: string,
  environment: string,
  seriesTypes: Iterable<{ serie: string; tipoeCF: string }>,
): bigint[] {
  const keys = new Set<bigint>();
  for (const { serie, tipoeCF } of seriesTypes)
    keys.add(seriesLockKey(accountId, environment, serie, tipoeCF));
  return [...keys];
}
