import "server-only";

import { createHash, randomInt } from "node:crypto";

import { getDb, nowMs } from "@/lib/server/platform/db";

/**
 * Second-factor recovery codes: a person who lost their phone signs in with one of these instead of
 * the app's code. Ten, shown once (at activation or when regenerated, which replaces them all), each
 * accepted once. Only the sha256 of each is stored: 10 characters of a 32-letter alphabet are 50
 * bits, far beyond guessing through a throttled sign-in, and a read of the database alone does not
 * give a usable code (the password is needed too).
 */
export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32 without the letters people confuse with digits (I, L, O, U).
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 10;

/** The code as the person may type it (any case, spaces or a dash) → the form that is hashed. */
function normalize(code: string): string {
  return code.replace(/[\s-]+/g, "").toUpperCase();
}

function hashOf(code: string): string {
  return createHash("sha256")
    .update(`anula-recovery:${normalize(code)}`)
    .digest("hex");
}

/** True for something shaped like a recovery code (never a 6-digit TOTP code). */
export function looksLikeRecoveryCode(code: string): boolean {
  const plain = normalize(code);
  return plain.length === LENGTH && [...plain].every((char) => ALPHABET.includes(char));
}

function newCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** New recovery codes for the user (returned once, to be shown once); the old ones stop working. */
export async function replaceRecoveryCodes(userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const now = nowMs();
  const db = await getDb();
  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.recoveryCode.createMany({
      data: codes.map((code) => ({ userId, codeHash: hashOf(code), createdAt: now })),
    }),
  ]);
  return codes;
}

/** Spends one of the user's unused codes: true once per code, false for anything else. */
export async function spendRecoveryCode(userId: string, code: string): Promise<boolean> {
  const db = await getDb();
  // One statement: of two sign-ins racing with the same code, one wins.
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashOf(code), usedAt: null },
    data: { usedAt: nowMs() },
  });
  return count === 1;
}

/** How many of the user's codes are still unused (Mi cuenta says so, to regenerate in time). */
export async function unusedRecoveryCodes(userId: string): Promise<number> {
  const db = await getDb();
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}

/** Removes the user's codes (the second factor was turned off). */
export async function deleteRecoveryCodes(userId: string): Promise<void> {
  const db = await getDb();
  await db.recoveryCode.deleteMany({ where: { userId } });
}
