import "server-only";

import { createHash, randomBytes } from "node:crypto";

import type { Locale } from "@/lib/domain/locale";
import { format, getDictionary } from "@/lib/i18n";
import { AppError } from "@/lib/errors";
import { getMailer } from "@/lib/server/notifications";
import { recordActivity, userActor, type DbOrTx } from "@/lib/server/platform/activity/record-activity";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import { UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";
import { takeWindowSlot } from "@/lib/server/platform/limits/shared-limits";

import { checkNewPassword, writePassword } from "./accounts";

/**
 * "¿Olvidó su contraseña?": an e-mailed link that sets a new password. The token is 32 random bytes;
 * only its sha256 is stored, so reading the database gives no usable link. A link works once and
 * for RESET_TOKEN_TTL_MS; asking again supersedes the previous link; setting the password ends every
 * session of the person. The answer to a request is the same whether the e-mail belongs to someone
 * or not, and the mail leaves after the answer (its time says nothing either).
 *
 * Offered only with SMTP_URL and NEXTAUTH_URL: the link's origin must be the configured one, never
 * the request's Host (a forged Host would otherwise mail the victim a link to someone else's site,
 * carrying their token). Without them the page sends the person to their administrator, who resets
 * the password (organization-admin.ts, resetMemberPassword).
 */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** Requests per e-mail, and per client address, within RESET_REQUEST_WINDOW_MS. */
export const RESET_REQUESTS_PER_EMAIL = 3;
export const RESET_REQUESTS_PER_ADDRESS = 10;
// The sign-in throttle's window: its pruning (login-throttle.ts) keeps windows of this length.
const RESET_REQUEST_WINDOW_MS = 15 * 60_000;

export function passwordResetByEmailAvailable(): boolean {
  const config = loadConfig();
  return Boolean(config.smtp && config.nextAuthUrl);
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Mails a reset link to `email` when it is an enabled user's; says nothing either way. 429
 * RATE_LIMITED past the limits (counted for unknown e-mails too, so the answer stays the same).
 */
export async function requestPasswordReset(input: {
  email: string;
  clientAddress?: string;
  locale: Locale;
  now?: number;
}): Promise<void> {
  const config = loadConfig();
  if (!passwordResetByEmailAvailable()) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "Esta instalación no envía correos: pida a su administrador que restablezca su contraseña.",
    );
  }
  const email = input.email.trim().toLowerCase();
  const now = input.now ?? Date.now();
  const db = await getDb();
  for (const [key, limit] of [
    [`password-reset:address:${input.clientAddress ?? UNKNOWN_ADDRESS}`, RESET_REQUESTS_PER_ADDRESS],
    [`password-reset:email:${email}`, RESET_REQUESTS_PER_EMAIL],
  ] as const) {
    const take = await takeWindowSlot(db, key, limit, RESET_REQUEST_WINDOW_MS, now);
    if (!take.granted) {
      const retryAfter = Math.max(1, Math.ceil((take.oldest + RESET_REQUEST_WINDOW_MS - now) / 1000));
      throw new AppError("RATE_LIMITED", `Demasiadas solicitudes; reintente en ${retryAfter} s.`, {
        extra: { retryAfter },
      });
    }
  }
  const user = email
    ? await db.user.findUnique({
        where: { email },
        select: { id: true, email: true, disabled: true, homeOrganizationId: true },
      })
    : null;
  if (!user || user.disabled) return;
  const token = randomBytes(32).toString("base64url");
  await db.$transaction(async (tx) => {
    // A newer link supersedes the older ones: only the last mail works.
    await tx.passwordResetToken.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { usedAt: now },
    });
    await tx.passwordResetToken.create({
      data: {
        userId: user.id,
        tokenHash: hashOf(token),
        createdAt: now,
        expiresAt: now + RESET_TOKEN_TTL_MS,
      },
    });
    await recordOwnReset(tx, user, "user.password_reset_requested", input.clientAddress ?? null);
  });
  const texts = getDictionary(input.locale).signInRecovery.email;
  const link = `${config.nextAuthUrl}/login/reset?token=${token}`;
  const mailer = getMailer()!;
  void mailer
    .send({ to: user.email, subject: texts.subject, text: format(texts.body, { email: user.email, link }) })
    .catch((error: unknown) =>
      logger.warn({ err: error, userId: user.id }, "password reset e-mail not sent"),
    );
}

/** The user a link's token belongs to while it is unused and in time, or null. */
async function liveToken(token: string, now: number) {
  const db = await getDb();
  return db.passwordResetToken.findFirst({
    where: { tokenHash: hashOf(token), usedAt: null, expiresAt: { gt: now } },
    select: { id: true, userId: true },
  });
}

/** True while the link can still set a password (the page shows the form, or says to ask again). */
export async function passwordResetLinkUsable(token: string, now: number = Date.now()): Promise<boolean> {
  return token.length > 0 && (await liveToken(token, now)) !== null;
}

/**
 * Sets the password of the link's user (the rules of checkNewPassword) and spends the link; every
 * session and token of theirs ends, and a temporary password stops being one. 400
 * VALIDATION_FAILED for a link that is unknown, used, superseded or expired; a password that breaks
 * the rules leaves the link usable.
 */
export async function resetPasswordWithToken(
  token: string,
  newPassword: string,
  now: number = Date.now(),
): Promise<void> {
  checkNewPassword(newPassword);
  const found = token ? await liveToken(token, now) : null;
  const db = await getDb();
  // Spent in one statement: of two submissions of one link, one wins.
  const claimed = found
    ? await db.passwordResetToken.updateMany({
        where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      })
    : { count: 0 };
  if (!found || claimed.count !== 1) {
    const message = "El enlace ya no sirve: venció, ya se usó o se pidió otro después. Pida uno nuevo.";
    throw new AppError("VALIDATION_FAILED", message, {
      errors: [{ field: "token", code: "VALIDATION_FAILED", message }],
    });
  }
  await writePassword(found.userId, newPassword, false);
  const user = await db.user.findUniqueOrThrow({
    where: { id: found.userId },
    select: { id: true, email: true, homeOrganizationId: true },
  });
  await recordOwnReset(db, user, "user.password_reset_by_link", null);
}

/** The person's own reset step, in their home organization's log: they are actor and subject. */
function recordOwnReset(
  db: DbOrTx,
  user: { id: string; email: string; homeOrganizationId: string },
  action: "user.password_reset_requested" | "user.password_reset_by_link",
  ip: string | null,
): Promise<void> {
  return recordActivity(db, {
    accountId: null,
    organizationId: user.homeOrganizationId,
    action,
    actor: userActor(user.id, user.email),
    subject: { type: "user", id: user.id },
    details: {},
    ip,
  });
}
