import "server-only";

import { isAppError } from "@/lib/errors";
import type { Environment } from "@/lib/domain/environments";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { getDb } from "@/lib/server/platform/db";
import { UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";

import { actorOf, recordActivity, userActor } from "../platform/activity/record-activity";

/**
 * The sign-in entries of the activity log. Where they go:
 * - a sign-in that succeeded: the company acted for ("auth.sign_in"; the portal, which acts for
 *   whichever company the switcher picks, writes one per company of the person, or one for their
 *   home organization when they hold no company role);
 * - a failed or throttled sign-in of a known person: their home organization (organization-level:
 *   accountId null), whose administrators manage their credentials; of a service account: its company.
 * Unknown usernames are not logged: nobody in the app could read such an entry, and attackers
 * would choose how fast a table that is kept 10 years grows (the throttle and the request log see them).
 * Never the password, the code or the attempted username's secret: only facts.
 */
export type SignInChannel = "portal" | "api" | "mseller";

const ipOf = (address: string | undefined | null) =>
  !address || address === UNKNOWN_ADDRESS ? null : address;

export async function recordSignIn(
  auth: AuthContext,
  input: { channel: SignInChannel; clientAddress?: string | null; environment?: Environment | null },
): Promise<void> {
  await recordActivity(await getDb(), {
    accountId: auth.accountId,
    organizationId: auth.organizationId,
    environment: input.environment ?? null,
    action: "auth.sign_in",
    actor: actorOf(auth),
    details: { channel: input.channel },
    ip: ipOf(input.clientAddress),
  });
}

/**
 * The portal's sign-in: one entry per company the person may act for (their home organization's when
 * none). `recoveryCode`: the second factor was a recovery code (the phone may be lost: worth seeing).
 */
export async function recordPortalSignIn(
  userId: string,
  clientAddress: string | null | undefined,
  options: { recoveryCode?: boolean } = {},
): Promise<void> {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      homeOrganizationId: true,
      companies: { select: { accountId: true, roles: true, account: { select: { organizationId: true } } } },
    },
  });
  if (!user) return;
  const actor = userActor(userId, user.email);
  const ip = ipOf(clientAddress);
  const companies = user.companies.filter((member) => member.roles.length > 0);
  const details = { channel: "portal", ...(options.recoveryCode ? { recoveryCode: true } : {}) };
  if (companies.length === 0) {
    await recordActivity(db, {
      accountId: null,
      organizationId: user.homeOrganizationId,
      action: "auth.sign_in",
      actor,
      details,
      ip,
    });
    return;
  }
  await db.$transaction(async (tx) => {
    for (const member of companies) {
      await recordActivity(tx, {
        accountId: member.accountId,
        organizationId: member.account.organizationId,
        action: "auth.sign_in",
        actor,
        details,
        ip,
      });
    }
  });
}

export type SignInFailure = "wrong_password" | "disabled" | "wrong_second_factor" | "wrong_secret";

/** A known person's failed sign-in: their home organization's log. */
export async function recordUserSignInRefused(
  user: { id: string; email: string; homeOrganizationId: string },
  input: {
    action: "auth.sign_in_failed" | "auth.sign_in_throttled";
    reason?: SignInFailure;
    clientAddress?: string;
  },
): Promise<void> {
  await recordActivity(await getDb(), {
    accountId: null,
    organizationId: user.homeOrganizationId,
    action: input.action,
    actor: userActor(user.id, user.email),
    subject: { type: "user", id: user.id },
    details: input.reason ? { reason: input.reason } : {},
    ip: ipOf(input.clientAddress),
  });
}

/** A service account's failed sign-in (a known clientId): its company's log. */
export async function recordServiceSignInRefused(
  account: { id: string; accountId: string; clientId: string; name: string },
  input: {
    action: "auth.sign_in_failed" | "auth.sign_in_throttled";
    reason?: SignInFailure;
    clientAddress?: string;
  },
): Promise<void> {
  await recordActivity(await getDb(), {
    accountId: account.accountId,
    action: input.action,
    actor: {
      type: "service-account",
      id: account.id,
      label: `${account.name} (cuenta de servicio ${account.clientId})`,
    },
    subject: { type: "service-account", id: account.id },
    details: input.reason ? { reason: input.reason } : {},
    ip: ipOf(input.clientAddress),
  });
}

/**
 * Throttled attempts are logged once per username and address per minute, and at most
 * THROTTLE_LOGS_PER_ADDRESS a minute from one address: a guesser hammering a locked account, or a
 * sprayer trying many names, must not write (nor look up) a row per request into a table kept 10 years.
 */
const THROTTLE_LOG_INTERVAL_MS = 60_000;
const THROTTLE_LOGS_PER_ADDRESS = 10;
const lastThrottleLog = new Map<string, number>();
const addressLogs = new Map<string, { since: number; count: number }>();

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > 10_000) map.delete(map.keys().next().value!);
}

/** Whether this refusal is the throttle's and worth an entry (see above). */
export function throttleWorthLogging(
  error: unknown,
  username: string,
  address: string,
  now = Date.now(),
): boolean {
  if (!isAppError(error) || error.code !== "RATE_LIMITED") return false;
  const key = `${username}\u0000${address}`;
  const last = lastThrottleLog.get(key);
  if (last !== undefined && now - last < THROTTLE_LOG_INTERVAL_MS) return false;
  const fromAddress = addressLogs.get(address);
  const current =
    fromAddress && now - fromAddress.since < THROTTLE_LOG_INTERVAL_MS
      ? fromAddress
      : { since: now, count: 0 };
  if (current.count >= THROTTLE_LOGS_PER_ADDRESS) return false;
  remember(addressLogs, address, { since: current.since, count: current.count + 1 });
  remember(lastThrottleLog, key, now);
  return true;
}

/** Records a throttled sign-in of `username` when it names a known person or service account. */
export async function recordThrottledSignIn(username: string, clientAddress: string): Promise<void> {
  const db = await getDb();
  const name = username.trim().toLowerCase();
  if (!name) return;
  const user = await db.user.findUnique({
    where: { email: name },
    select: { id: true, email: true, homeOrganizationId: true },
  });
  if (user) {
    await recordUserSignInRefused(user, { action: "auth.sign_in_throttled", clientAddress });
    return;
  }
  const account = await db.serviceAccount.findUnique({
    where: { clientId: name },
    select: { id: true, accountId: true, clientId: true, name: true },
  });
  if (account) await recordServiceSignInRefused(account, { action: "auth.sign_in_throttled", clientAddress });
}

/** Tests. */
export function resetThrottleLogForTests(): void {
  lastThrottleLog.clear();
  addressLogs.clear();
}
