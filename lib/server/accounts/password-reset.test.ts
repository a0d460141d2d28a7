import { createHash } from "node:crypto";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { verifyUserCredentials } from "@/lib/server/auth";
import { resetMailerForTests } from "@/lib/server/notifications/mailer";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { clearSharedLimits } from "@/lib/server/platform/limits/shared-limits";
import { startTestSmtpServer, type TestSmtpServer } from "@/lib/server/testing/smtp-test-server";

import {
  passwordResetByEmailAvailable,
  passwordResetLinkUsable,
  requestPasswordReset,
  RESET_REQUESTS_PER_EMAIL,
  RESET_TOKEN_TTL_MS,
  resetPasswordWithToken,
} from "./password-reset";
import { createTestAccount, type TestAccount } from "./test-fixtures";

/**
 * "¿Olvidó su contraseña?" against a real SMTP server on loopback: the link is mailed to the
 * person only, its token stored as a sha256 alone, used once, expired after 30 min, superseded by
 * a newer one; setting the password ends every session; the answer for an unknown e-mail is the
 * same (and no mail leaves); requests are limited per e-mail and per address.
 */
let database: TestDatabase;
let smtp: TestSmtpServer;
let address = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
}, 60_000);
beforeEach(() => {
  setEnvForTests({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Anula <anula@test.local>",
    NEXTAUTH_URL: "https://anula.test",
  });
  resetMailerForTests();
  smtp.received.length = 0;
});
afterEach(async () => {
  await clearSharedLimits(database.prisma, "RateLimitWindow");
});
afterAll(async () => {
  setEnvForTests({ SMTP_URL: undefined, MAIL_FROM: undefined, NEXTAUTH_URL: undefined });
  resetMailerForTests();
  await smtp?.close();
  await database?.dispose();
});

/** A distinct client address per request unless given (the per-address limit is tested alone). */
const ask = (email: string, options: { clientAddress?: string; now?: number } = {}) =>
  requestPasswordReset({
    email,
    locale: "es",
    clientAddress: options.clientAddress ?? `192.0.2.${(address += 1) % 250}`,
    now: options.now,
  });

const seenTokens = new Set<string>();

/**
 * The token of the next mail to `email` not read before (waits for it: the mail leaves after the
 * answer, and one from an earlier request may still be on its way).
 */
async function mailedToken(email: string): Promise<string> {
  const fresh = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => /https:\/\/anula\.test\/login\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter((token): token is string => token !== undefined && !seenTokens.has(token));
  await vi.waitFor(() => expect(fresh().length).toBeGreaterThan(0), { timeout: 10_000 });
  const token = fresh()[0]!;
  seenTokens.add(token);
  return token;
}

describe("password reset by e-mail", () => {
  let person: TestAccount;
  beforeAll(async () => {
    person = await createTestAccount();
  });

  it("mails a link whose token is stored only as its sha256; it sets the password once and ends every session", async () => {
    const before = await database.prisma.user.findUniqueOrThrow({ where: { id: person.auth.userId } });
    await ask(person.auth.email.toUpperCase());
    const token = await mailedToken(person.auth.email);
    expect(smtp.received.at(-1)!.subject).toContain("contraseña");

    const rows = await database.prisma.passwordResetToken.findMany({ where: { userId: person.auth.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(Number(rows[0]!.expiresAt - rows[0]!.createdAt)).toBe(RESET_TOKEN_TTL_MS);
    expect(await passwordResetLinkUsable(token)).toBe(true);

    // A password that breaks the rules leaves the link usable.
    await expect(resetPasswordWithToken(token, "short")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await passwordResetLinkUsable(token)).toBe(true);

    await resetPasswordWithToken(token, "a-brand-new-password");
    expect(await verifyUserCredentials(person.auth.email, "a-brand-new-password")).toMatchObject({
      userId: person.auth.userId,
    });
    expect(await verifyUserCredentials(person.auth.email, person.password)).toBeNull();
    const after = await database.prisma.user.findUniqueOrThrow({ where: { id: person.auth.userId } });
    expect(after.sessionsValidAfter).toBeGreaterThan(before.sessionsValidAfter);
    expect(after.mustChangePassword).toBe(false);

    // Once only.
    expect(await passwordResetLinkUsable(token)).toBe(false);
    await expect(resetPasswordWithToken(token, "another-password-2")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [expect.objectContaining({ field: "token" })],
    });
    const actions = await database.prisma.activityLogEntry.findMany({
      where: { subjectId: person.auth.userId, action: { startsWith: "user.password_reset" } },
      orderBy: { createdAt: "asc" },
    });
    expect(actions.map((entry) => entry.action)).toEqual([
      "user.password_reset_requested",
      "user.password_reset_by_link",
    ]);
    person.password = "a-brand-new-password";
  });

  it("expires after 30 minutes, and a newer link supersedes the older one", async () => {
    const now = Date.now();
    await ask(person.auth.email, { now: now - RESET_TOKEN_TTL_MS - 1000 });
    const expired = await mailedToken(person.auth.email);
    expect(await passwordResetLinkUsable(expired)).toBe(false);
    await expect(resetPasswordWithToken(expired, "expired-link-pass")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });

    await ask(person.auth.email);
    const older = await mailedToken(person.auth.email);
    await ask(person.auth.email);
    const newer = await mailedToken(person.auth.email);
    expect(newer).not.toBe(older);
    expect(await passwordResetLinkUsable(older)).toBe(false);
    expect(await passwordResetLinkUsable(newer)).toBe(true);
    // Just before and just after its expiry.
    expect(await passwordResetLinkUsable(newer, Date.now() + RESET_TOKEN_TTL_MS - 5000)).toBe(true);
    await expect(
      resetPasswordWithToken(newer, "too-late-password", Date.now() + RESET_TOKEN_TTL_MS + 1000),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(resetPasswordWithToken("", "whatever-password")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("answers an unknown or disabled e-mail the same way, and mails nothing", async () => {
    const disabled = await createTestAccount();
    await database.prisma.user.update({ where: { id: disabled.auth.userId }, data: { disabled: true } });
    await expect(ask("nadie@desconocido.do")).resolves.toBeUndefined();
    await expect(ask(disabled.auth.email)).resolves.toBeUndefined();
    await expect(ask(person.auth.email)).resolves.toBeUndefined();
    await mailedToken(person.auth.email);
    // Give a stray mail time to arrive: only the real person's came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const recipients = smtp.received.flatMap((mail) => mail.to);
    expect(recipients).toContain(person.auth.email);
    expect(recipients).not.toContain("nadie@desconocido.do");
    expect(recipients).not.toContain(disabled.auth.email);
    expect(await database.prisma.passwordResetToken.count({ where: { userId: disabled.auth.userId } })).toBe(
      0,
    );
  });

  it("limits requests per e-mail (known or not) and per client address", async () => {
    for (const email of [person.auth.email, "nadie@desconocido.do"]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i += 1) await ask(email);
      await expect(ask(email)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    }
    const clientAddress = "198.51.100.99";
    let refused = 0;
    for (let i = 0; i < 11; i += 1) {
      await ask(`otra-${i}@desconocido.do`, { clientAddress }).catch((error: { code?: string }) => {
        if (error.code === "RATE_LIMITED") refused += 1;
      });
    }
    expect(refused).toBe(1);
  });

  it("is offered only with SMTP_URL and NEXTAUTH_URL (the link's origin is never the request's Host)", async () => {
    expect(passwordResetByEmailAvailable()).toBe(true);
    setEnvForTests({ NEXTAUTH_URL: undefined });
    expect(passwordResetByEmailAvailable()).toBe(false);
    await expect(ask(person.auth.email)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    setEnvForTests({ SMTP_URL: undefined, MAIL_FROM: undefined, NEXTAUTH_URL: "https://anula.test" });
    expect(passwordResetByEmailAvailable()).toBe(false);
  });
});
