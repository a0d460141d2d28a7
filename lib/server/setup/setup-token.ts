import "server-only";

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { AppError } from "@/lib/errors";
import { isUniqueViolation, type PrismaClient } from "@/lib/server/platform/db";

/**
 * The first-run setup token: while the database has no user, one token (a single SetupToken row,
 * id "setup", only its SHA-256 stored) lets whoever holds it create the first organization, company
 * and administrator at /setup. It is shown once on the console of the instance that made it
 * (show-secrets-once.ts), lives 24 h, and is marked used when setup completes.
 */
export const SETUP_TOKEN_ID = "setup";
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60_000;
export { SETUP_PAGE_LABEL, SETUP_PATH, SETUP_TOKEN_LABEL } from "./setup-labels";

type Db = Pick<PrismaClient, "user" | "setupToken">;

export function hashSetupToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export async function hasAnyUser(db: Pick<PrismaClient, "user">): Promise<boolean> {
  return (await db.user.findFirst({ select: { id: true } })) !== null;
}

export interface IssuedSetupToken {
  token: string;
  expiresAt: number;
}

function newToken(now: number): IssuedSetupToken & { hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashSetupToken(token), expiresAt: now + SETUP_TOKEN_TTL_MS };
}

/** Timestamp columns are epoch-ms BigInt. */
const ms = (value: number) => BigInt(value);

/**
 * At start: when the database has no user, make sure one valid setup token exists. Returns the
 * token only to the instance that created it (to show once); null when there is a user, when a
 * valid token exists already (another instance, or an earlier start, showed it), or when setup was
 * completed. An expired unused token is replaced. Several instances starting at once: the insert of
 * the fixed id (or the replacement conditioned on the old hash) lets exactly one win.
 */
export async function ensureSetupToken(db: Db, now: number = Date.now()): Promise<IssuedSetupToken | null> {
  if (await hasAnyUser(db)) return null;
  const existing = await db.setupToken.findUnique({ where: { id: SETUP_TOKEN_ID } });
  const fresh = newToken(now);
  if (!existing) {
    try {
      await db.setupToken.create({
        data: {
          id: SETUP_TOKEN_ID,
          tokenHash: fresh.hash,
          createdAt: ms(now),
          expiresAt: ms(fresh.expiresAt),
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null; // another instance made it and shows it
      throw error;
    }
    return { token: fresh.token, expiresAt: fresh.expiresAt };
  }
  if (existing.usedAt !== null || Number(existing.expiresAt) > now) return null;
  const replaced = await db.setupToken.updateMany({
    where: { id: SETUP_TOKEN_ID, usedAt: null, tokenHash: existing.tokenHash },
    data: { tokenHash: fresh.hash, createdAt: ms(now), expiresAt: ms(fresh.expiresAt) },
  });
  return replaced.count === 1 ? { token: fresh.token, expiresAt: fresh.expiresAt } : null;
}

/**
 * `npm run setup -- --new-token`: a fresh token replacing any unused one, for an operator who lost
 * the console output. Only while no user exists (403 SETUP_CLOSED otherwise).
 */
export async function issueNewSetupToken(db: Db, now: number = Date.now()): Promise<IssuedSetupToken> {
  if (await hasAnyUser(db)) throw setupClosed();
  const fresh = newToken(now);
  await db.setupToken.upsert({
    where: { id: SETUP_TOKEN_ID },
    create: { id: SETUP_TOKEN_ID, tokenHash: fresh.hash, createdAt: ms(now), expiresAt: ms(fresh.expiresAt) },
    update: { tokenHash: fresh.hash, createdAt: ms(now), expiresAt: ms(fresh.expiresAt), usedAt: null },
  });
  return { token: fresh.token, expiresAt: fresh.expiresAt };
}

/**
 * Inside the setup transaction: the token must be the current, unused, unexpired one; it is marked
 * used in the same statement that checks it, so of two concurrent submits only one gets it.
 * Anything else is SETUP_CLOSED, worded like a closed setup (nobody learns which it was).
 */
export async function consumeSetupToken(db: Db, token: string, now: number): Promise<void> {
  const row = await db.setupToken.findUnique({ where: { id: SETUP_TOKEN_ID } });
  const presented = Buffer.from(hashSetupToken(token), "hex");
  const matches =
    row !== null &&
    row.tokenHash.length === 64 &&
    timingSafeEqual(Buffer.from(row.tokenHash, "hex"), presented);
  if (!row || !matches || row.usedAt !== null || Number(row.expiresAt) <= now) throw setupClosed();
  const consumed = await db.setupToken.updateMany({
    where: { id: SETUP_TOKEN_ID, tokenHash: row.tokenHash, usedAt: null, expiresAt: { gt: ms(now) } },
    data: { usedAt: ms(now) },
  });
  if (consumed.count !== 1) throw setupClosed();
}

/** Setup by database access (the CLI): any unused token is spent too, and no start makes another. */
export async function retireSetupToken(db: Db, now: number): Promise<void> {
  await db.setupToken.upsert({
    where: { id: SETUP_TOKEN_ID },
    create: { id: SETUP_TOKEN_ID, tokenHash: "", createdAt: ms(now), expiresAt: ms(now), usedAt: ms(now) },
    update: { usedAt: ms(now) },
  });
}

export function setupClosed(): AppError {
  return new AppError(
    "SETUP_CLOSED",
    "La configuración inicial ya se hizo, o el código de configuración no es válido o venció.",
  );
}
