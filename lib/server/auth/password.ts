import "server-only";

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt cost: N=2^15, r=8, p=1 (32 MiB, ~50-100 ms here): OWASP's recommended minimum level.
const PRODUCTION_PARAMS = { N: 32768, r: 8, p: 1 } as const;
// The unit suite's cost (vitest's setup file only): its hundreds of test accounts and sign-ins spent
// ~100 ms of CPU each on hashing that no test is about. A hash records its parameters, so checking
// a password works whatever the cost it was hashed with.
const CHEAP_TEST_PARAMS = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

let PARAMS: { N: number; r: number; p: number } = PRODUCTION_PARAMS;

/** Tests only: hash at the cheap cost or the production one. Refused in production. */
export function setPasswordHashingForTests(cost: "cheap" | "production"): void {
  if (process.env.NODE_ENV === "production") throw new Error("password hashing cost is fixed in production");
  PARAMS = cost === "cheap" ? CHEAP_TEST_PARAMS : PRODUCTION_PARAMS;
}

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$<salt b64>$<key b64>`: parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize("NFC"), salt, KEY_LENGTH, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const actual = await scryptAsync(
    password.normalize("NFC"),
    Buffer.from(saltText, "base64"),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so response time does not reveal which usernames exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("anula-timing-equaliser");
  await verifyPassword(password, await dummyHash);
}
