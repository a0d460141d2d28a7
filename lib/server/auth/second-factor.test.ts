import { createHash } from "node:crypto";

import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { signInUser, verifyUserSignIn } from "./credentials";
import { recordPortalSignIn } from "./sign-in-activity";
import { RECOVERY_CODE_COUNT, replaceRecoveryCodes, unusedRecoveryCodes } from "./recovery-codes";
import { beginTotpEnrollment, confirmTotpEnrollment, disableTotp } from "./second-factor";

/**
 * The second factor at sign-in: a wrong code and a code already used (same 30 s step) are refused
 * with their own reasons (the portal's words), the API still answers INVALID_CREDENTIALS; recovery
 * codes are made at activation, stored hashed, accepted once each instead of the app's code, and
 * replaced as a whole when regenerated.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => database?.dispose());

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A person with the second factor on: their secret and the recovery codes shown at activation. */
async function withSecondFactor(): Promise<{ person: TestAccount; secret: string; codes: string[] }> {
  const person = await createTestAccount();
  const { secret } = await beginTotpEnrollment(person.auth.userId);
  const codes = await confirmTotpEnrollment(person.auth.userId, await generate({ secret }));
  if (!codes) throw new Error("the second factor was on already");
  return { person, secret, codes };
}

const signIn = (person: TestAccount, otp?: string) =>
  verifyUserSignIn(person.auth.email, person.password, `203.0.113.${(nowSeconds() % 200) + 1}`, otp);

describe("TOTP at sign-in", () => {
  it("tells a wrong code from a reused one, and accepts the next step's code once", async () => {
    const { person, secret } = await withSecondFactor();
    // The activation's code (this step) is spent: the same code again is "reused", not "wrong".
    const current = await generate({ secret });
    expect(await signIn(person, current)).toEqual({ refused: "otp_reused" });
    const wrong = current === "000000" ? "111111" : "000000";
    expect(await signIn(person, wrong)).toEqual({ refused: "otp_wrong" });
    expect(await signIn(person, "12ab")).toEqual({ refused: "otp_wrong" });

    const next = await generate({ secret, epoch: nowSeconds() + 30 });
    const accepted = await signIn(person, next);
    expect(accepted).toMatchObject({ userId: person.auth.userId });
    expect(accepted).not.toHaveProperty("recoveryCodeUsed");
    expect(await signIn(person, next)).toEqual({ refused: "otp_reused" });
    // An older step's code, once a newer one was used, is reused too (never accepted again).
    expect(await signIn(person, current)).toEqual({ refused: "otp_reused" });
    // The password is checked first: a wrong one says nothing about the code.
    expect(await verifyUserSignIn(person.auth.email, "not-the-password", "203.0.113.250", next)).toEqual({
      refused: "credentials",
    });
  });

  it("keeps the API's answer: INVALID_CREDENTIALS for a wrong or reused code, OTP_REQUIRED without one", async () => {
    const { person, secret } = await withSecondFactor();
    const input = { username: person.auth.email, password: person.password, clientAddress: "198.51.100.7" };
    await expect(signInUser({ ...input, otp: await generate({ secret }) })).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
    await expect(signInUser({ ...input, otp: "000001" })).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
    await expect(signInUser(input)).rejects.toMatchObject({ code: "OTP_REQUIRED" });
  });
});

describe("recovery codes", () => {
  it("are made at activation, stored only as hashes, and each accepted once instead of the app's code", async () => {
    const { person, codes } = await withSecondFactor();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const rows = await database.prisma.recoveryCode.findMany({ where: { userId: person.auth.userId } });
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === "bigint" ? String(value) : value,
    );
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true);
    expect(rows.map((row) => row.codeHash)).not.toContain(
      createHash("sha256").update(codes[0]!).digest("hex"),
    );

    // Typed as people type it: lower case, without the dash.
    const first = codes[0]!.replace("-", "").toLowerCase();
    expect(await signIn(person, first)).toMatchObject({ userId: person.auth.userId, recoveryCodeUsed: true });
    // The portal's sign-in entry says a recovery code was used (the phone may be lost).
    await recordPortalSignIn(person.auth.userId, "203.0.113.9", { recoveryCode: true });
    const entry = await database.prisma.activityLogEntry.findFirstOrThrow({
      where: { actorId: person.auth.userId, action: "auth.sign_in" },
    });
    expect(entry.details).toEqual({ channel: "portal", recoveryCode: true });
    expect(await signIn(person, codes[0]!)).toEqual({ refused: "otp_wrong" });
    expect(await unusedRecoveryCodes(person.auth.userId)).toBe(RECOVERY_CODE_COUNT - 1);
    expect(await signIn(person, codes[1]!)).toMatchObject({ userId: person.auth.userId });
    // Another person's code is no code of this one's.
    const other = await withSecondFactor();
    expect(await signIn(person, other.codes[0]!)).toEqual({ refused: "otp_wrong" });
  });

  it("regenerating replaces them all; turning the second factor off removes them", async () => {
    const { person, codes } = await withSecondFactor();
    const fresh = await replaceRecoveryCodes(person.auth.userId);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(await signIn(person, codes[2]!)).toEqual({ refused: "otp_wrong" });
    expect(await signIn(person, fresh[0]!)).toMatchObject({ userId: person.auth.userId });
    expect(await unusedRecoveryCodes(person.auth.userId)).toBe(RECOVERY_CODE_COUNT - 1);

    await disableTotp(person.auth.userId);
    expect(await database.prisma.recoveryCode.count({ where: { userId: person.auth.userId } })).toBe(0);
  });

  it("two sign-ins racing with one code: one wins", async () => {
    const { person, codes } = await withSecondFactor();
    const results = await Promise.all([signIn(person, codes[3]), signIn(person, codes[3])]);
    expect(results.filter((result) => "userId" in result)).toHaveLength(1);
  });
});
