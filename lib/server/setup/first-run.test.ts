import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { isAppError } from "@/lib/errors";
import type { FirstRunInput } from "@/lib/schemas/first-run";
import { verifyUserCredentials } from "@/lib/server/auth/credentials";
import { resetLoginThrottle } from "@/lib/server/auth/login-throttle";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { completeFirstRun, isSetupOpen } from "./first-run";
import {
  ensureSetupToken,
  hashSetupToken,
  issueNewSetupToken,
  SETUP_TOKEN_ID,
  SETUP_TOKEN_TTL_MS,
} from "./setup-token";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  await database.truncate();
  await resetLoginThrottle();
});

const DETAILS: FirstRunInput = {
  organizationName: "Grupo Ejemplo",
  companyName: "Ejemplo SRL",
  rnc: "131793916",
  email: "Admin@Ejemplo.do",
  name: "Ana Admin",
  password: "correct horse",
  passwordConfirmation: "correct horse",
};

const byToken = (token: string, clientAddress = "203.0.113.7") => ({
  kind: "token" as const,
  token,
  clientAddress,
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

async function tokenRow() {
  return database.prisma.setupToken.findUnique({ where: { id: SETUP_TOKEN_ID } });
}

describe("the setup token at start", () => {
  it("is made once on an empty database, stored hashed, valid 24 h; a second start makes none", async () => {
    const now = Date.now();
    const issued = await ensureSetupToken(database.prisma, now);
    expect(issued?.token).toMatch(/^[\w-]{32}$/);
    const row = await tokenRow();
    expect(row).toMatchObject({ tokenHash: hashSetupToken(issued!.token), usedAt: null });
    expect(row!.tokenHash).not.toContain(issued!.token);
    expect(Number(row!.expiresAt)).toBe(now + SETUP_TOKEN_TTL_MS);
    expect(await ensureSetupToken(database.prisma, now + 1000)).toBeNull();
    expect((await tokenRow())!.tokenHash).toBe(row!.tokenHash);
  });

  it("is one token for instances starting at once: only one of them gets it to show", async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => ensureSetupToken(database.prisma)));
    const shown = results.filter((result) => result !== null);
    expect(shown).toHaveLength(1);
    expect((await tokenRow())!.tokenHash).toBe(hashSetupToken(shown[0]!.token));
  });

  it("replaces an expired unused token at the next start (one replacement when several start)", async () => {
    const first = await ensureSetupToken(database.prisma, Date.now() - SETUP_TOKEN_TTL_MS - 1000);
    const results = await Promise.all([1, 2, 3].map(() => ensureSetupToken(database.prisma)));
    const shown = results.filter((result) => result !== null);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.token).not.toBe(first!.token);
    expect((await tokenRow())!.tokenHash).toBe(hashSetupToken(shown[0]!.token));
    expect(await codeOf(completeFirstRun(DETAILS, byToken(first!.token)))).toBe("SETUP_CLOSED");
    expect(await codeOf(completeFirstRun(DETAILS, byToken(shown[0]!.token)))).toBe("ok");
  });

  it("is not made when a user exists, nor after setup (the token is marked used)", async () => {
    const issued = await ensureSetupToken(database.prisma);
    await completeFirstRun(DETAILS, byToken(issued!.token));
    expect((await tokenRow())!.usedAt).not.toBeNull();
    expect(await ensureSetupToken(database.prisma, Date.now() + 2 * SETUP_TOKEN_TTL_MS)).toBeNull();
    expect(await codeOf(issueNewSetupToken(database.prisma))).toBe("SETUP_CLOSED");
  });

  it("--new-token replaces an unused one: the old stops working", async () => {
    const old = await ensureSetupToken(database.prisma);
    const fresh = await issueNewSetupToken(database.prisma);
    expect(await codeOf(completeFirstRun(DETAILS, byToken(old!.token)))).toBe("SETUP_CLOSED");
    expect(await codeOf(completeFirstRun(DETAILS, byToken(fresh.token)))).toBe("ok");
  });
});

describe("completeFirstRun", () => {
  it("creates the organization, the company and its administrator in one go, and spends the token", async () => {
    const issued = await ensureSetupToken(database.prisma);
    expect(await isSetupOpen()).toBe(true);
    const result = await completeFirstRun({ ...DETAILS, rnc: "131-79391-6" }, byToken(issued!.token));
    expect(result).toMatchObject({
      organization: { name: "Grupo Ejemplo" },
      company: { rnc: "131793916", name: "Ejemplo SRL" },
      administrator: { email: "admin@ejemplo.do", name: "Ana Admin" },
      checkDigitOverridden: false,
    });
    expect(await isSetupOpen()).toBe(false);
    const member = await database.prisma.companyMember.findFirstOrThrow({
      where: { userId: result.administrator.id },
    });
    expect(member).toMatchObject({ accountId: result.company.id });
    expect([...member.roles].sort()).toEqual(["administrator", "approver", "operator"]);
    expect(
      await database.prisma.organizationMember.findFirstOrThrow({
        where: { userId: result.administrator.id },
      }),
    ).toMatchObject({ organizationId: result.organization.id, isAdmin: true });
    const signedIn = await verifyUserCredentials("admin@ejemplo.do", "correct horse");
    expect(signedIn).toMatchObject({ userId: result.administrator.id });
    // The same token again, or any other: the setup is closed.
    expect(await codeOf(completeFirstRun(DETAILS, byToken(issued!.token)))).toBe("SETUP_CLOSED");
  });

  it("refuses a wrong, an expired and a used token with the same SETUP_CLOSED, creating nothing", async () => {
    const expired = await ensureSetupToken(database.prisma, Date.now() - SETUP_TOKEN_TTL_MS - 1);
    expect(await codeOf(completeFirstRun(DETAILS, byToken(expired!.token)))).toBe("SETUP_CLOSED");
    const valid = await issueNewSetupToken(database.prisma);
    const wrong = await completeFirstRun(DETAILS, byToken(valid.token + "x")).catch(
      (error: unknown) => error,
    );
    const none = await completeFirstRun(DETAILS, byToken("")).catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: "SETUP_CLOSED", status: 403 });
    expect((none as Error).message).toBe((wrong as Error).message);
    expect(await database.prisma.organization.count()).toBe(0);
    await database.prisma.setupToken.update({ where: { id: SETUP_TOKEN_ID }, data: { usedAt: 1n } });
    expect(await codeOf(completeFirstRun(DETAILS, byToken(valid.token)))).toBe("SETUP_CLOSED");
    expect(await database.prisma.user.count()).toBe(0);
  });

  it("refuses with SETUP_CLOSED once any user exists, by token or by database access", async () => {
    const issued = await ensureSetupToken(database.prisma);
    await completeFirstRun(DETAILS, { kind: "database" });
    const other = { ...DETAILS, rnc: "101010632", email: "otro@ejemplo.do" };
    expect(await codeOf(completeFirstRun(other, byToken(issued!.token)))).toBe("SETUP_CLOSED");
    expect(await codeOf(completeFirstRun(other, { kind: "database" }))).toBe("SETUP_CLOSED");
    expect(await database.prisma.account.count()).toBe(1);
    // Database access spent the token too: no start makes another.
    expect((await tokenRow())!.usedAt).not.toBeNull();
  });

  it("lets exactly one of two concurrent submits of the token through", async () => {
    const issued = await ensureSetupToken(database.prisma);
    const codes = await Promise.all([
      codeOf(completeFirstRun(DETAILS, byToken(issued!.token))),
      codeOf(
        completeFirstRun({ ...DETAILS, rnc: "101010632", email: "b@ejemplo.do" }, byToken(issued!.token)),
      ),
    ]);
    expect(codes.sort()).toEqual(["SETUP_CLOSED", "ok"]);
    expect(await database.prisma.user.count()).toBe(1);
    expect(await database.prisma.account.count()).toBe(1);
  });

  it("lets exactly one of two concurrent command-line setups through (different RNCs and e-mails)", async () => {
    const codes = await Promise.all([
      codeOf(completeFirstRun(DETAILS, { kind: "database" })),
      codeOf(completeFirstRun({ ...DETAILS, rnc: "101010632", email: "b@ejemplo.do" }, { kind: "database" })),
    ]);
    expect(codes.sort()).toEqual(["SETUP_CLOSED", "ok"]);
    expect(await database.prisma.organization.count()).toBe(1);
    expect(await database.prisma.user.count()).toBe(1);
  });

  it("warns on a failing check digit and takes it only when confirmed", async () => {
    const refused = await completeFirstRun({ ...DETAILS, rnc: "131793917" }, { kind: "database" }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [expect.objectContaining({ field: "confirmCheckDigit" })],
    });
    expect(await database.prisma.account.count()).toBe(0);
    const result = await completeFirstRun(
      { ...DETAILS, rnc: "131793917", confirmCheckDigit: true },
      { kind: "database" },
    );
    expect(result).toMatchObject({ company: { rnc: "131793917" }, checkDigitOverridden: true });
  });

  it("takes a cédula (11 digits, Luhn check digit)", async () => {
    const result = await completeFirstRun({ ...DETAILS, rnc: "00113918205" }, { kind: "database" });
    expect(result).toMatchObject({ company: { rnc: "00113918205" }, checkDigitOverridden: false });
  });

  it("lists every invalid field, before any token is checked or spent", async () => {
    const issued = await ensureSetupToken(database.prisma);
    const refused = await completeFirstRun(
      {
        organizationName: " ",
        companyName: "",
        rnc: "12345",
        email: "nope",
        password: "short",
        passwordConfirmation: "other",
      },
      byToken(issued!.token),
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    const fields = (refused as { errors: Array<{ field: string }> }).errors.map((error) => error.field);
    expect(fields).toEqual(
      expect.arrayContaining(["organizationName", "companyName", "rnc", "email", "password"]),
    );
    expect((await tokenRow())!.usedAt).toBeNull();
  });

  it("rate-limits wrong tokens per client address like sign-ins (429 even with the right token)", async () => {
    const issued = await ensureSetupToken(database.prisma);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await codeOf(completeFirstRun(DETAILS, byToken("guess" + attempt)))).toBe("SETUP_CLOSED");
    }
    const limited = await completeFirstRun(DETAILS, byToken(issued!.token)).catch((error: unknown) => error);
    expect(limited).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(await database.prisma.user.count()).toBe(0);
    // Another address is not affected.
    expect(await codeOf(completeFirstRun(DETAILS, byToken(issued!.token, "198.51.100.9")))).toBe("ok");
  });
});
