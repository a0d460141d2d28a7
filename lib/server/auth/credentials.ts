import "server-only";

import { isCompanyRole, rolesNeedSecondFactor, type CompanyRole } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import {
  recordThrottledSignIn,
  recordUserSignInRefused,
  throttleWorthLogging,
  type SignInFailure,
} from "@/lib/server/auth/sign-in-activity";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb, nowMs } from "@/lib/server/platform/db";
import { UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";

import type { AuthContext } from "../platform/http/auth-context";
import { beginLoginAttempt } from "./login-throttle";
import { burnPasswordCheck, verifyPassword } from "./password";
import { secondFactorOutcome } from "./second-factor";

/** A person who proved who they are (password, and their second factor when they have one). */
export interface VerifiedUser {
  userId: string;
  email: string;
  mustChangePassword: boolean;
  /** The second factor was one of their recovery codes (now spent). */
  recoveryCodeUsed?: boolean;
}

/** Why a sign-in was refused: the credentials (or a disabled user), or the second factor's code. */
export type SignInRefusal = "credentials" | "otp_wrong" | "otp_reused";

/**
 * The user behind a username (e-mail, case-insensitive) and password, or null. A disabled user or
 * a wrong password gives null, like an unknown user, in about the same time. A user with a second
 * factor must also give its current code or a recovery code (`otp`): 401 OTP_REQUIRED without one,
 * null with a wrong or reused one (a failure like a wrong password, counted by the throttle). Too
 * many failures from `clientAddress` (clientAddressOf), for this e-mail or any: 429 RATE_LIMITED
 * before the database or the password hash is touched (login-throttle.ts).
 */
export async function verifyUserCredentials(
  username: string,
  password: string,
  clientAddress: string = UNKNOWN_ADDRESS,
  otp?: string,
): Promise<VerifiedUser | null> {
  const result = await verifyUserSignIn(username, password, clientAddress, otp);
  return "refused" in result ? null : result;
}

/**
 * verifyUserCredentials saying why it refused. The portal tells a wrong second-factor code from a
 * reused one (both come only after the right password, so they reveal nothing the OTP_REQUIRED
 * step did not); the API keeps answering INVALID_CREDENTIALS for all three.
 */
export async function verifyUserSignIn(
  username: string,
  password: string,
  clientAddress: string = UNKNOWN_ADDRESS,
  otp?: string,
): Promise<VerifiedUser | { refused: SignInRefusal }> {
  const email = username.trim().toLowerCase();
  let attempt: Awaited<ReturnType<typeof beginLoginAttempt>>;
  try {
    attempt = await beginLoginAttempt(email, clientAddress, loadConfig().loginThrottle);
  } catch (error) {
    // The activity log: a throttled sign-in of a known person, once a minute at most.
    if (throttleWorthLogging(error, email, clientAddress)) await recordThrottledSignIn(email, clientAddress);
    throw error;
  }
  const db = await getDb();
  const user = email ? await db.user.findUnique({ where: { email } }) : null;
  if (!user) {
    await burnPasswordCheck(password);
    return { refused: "credentials" };
  }
  const matches = await verifyPassword(password, user.passwordHash);
  const refused = (reason: SignInFailure, refusal: SignInRefusal = "credentials") =>
    recordUserSignInRefused(user, { action: "auth.sign_in_failed", reason, clientAddress }).then(() => ({
      refused: refusal,
    }));
  if (!matches) return refused("wrong_password");
  if (user.disabled) return refused("disabled");
  const secondFactor = await secondFactorOutcome(user, otp);
  if (secondFactor === "wrong") return refused("wrong_second_factor", "otp_wrong");
  if (secondFactor === "reused") return refused("wrong_second_factor", "otp_reused");
  await attempt.succeeded();
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: nowMs() } });
  return {
    userId: user.id,
    email: user.email,
    mustChangePassword: user.mustChangePassword,
    ...(secondFactor === "recovery" ? { recoveryCodeUsed: true } : {}),
  };
}

/** One company a user may act for, with their roles there. */
export interface CompanyChoice {
  accountId: string;
  rnc: string;
  name: string;
  organizationId: string;
  organizationName: string;
  roles: CompanyRole[];
}

/** The companies a user is a member of (with at least one role), by organization and name. */
export async function companiesOfUser(userId: string): Promise<CompanyChoice[]> {
  const db = await getDb();
  const rows = await db.companyMember.findMany({
    where: { userId },
    select: {
      roles: true,
      account: {
        select: {
          id: true,
          rnc: true,
          name: true,
          organizationId: true,
          organization: { select: { name: true } },
        },
      },
    },
  });
  return rows
    .filter((row) => row.roles.length > 0)
    .map((row) => ({
      accountId: row.account.id,
      rnc: row.account.rnc,
      name: row.account.name,
      organizationId: row.account.organizationId,
      organizationName: row.account.organization.name,
      roles: row.roles.filter(isCompanyRole),
    }))
    .sort(
      (a, b) =>
        a.organizationName.localeCompare(b.organizationName, "es") || a.name.localeCompare(b.name, "es"),
    );
}

/**
 * The company a sign-in acts for. A user of one company needs no `rnc`; a user of several must name
 * one: 400 RNC_REQUIRED listing them, never a silent default (a void for the wrong taxpayer is
 * irreversible). An `rnc` the user has no role in: 403 FORBIDDEN.
 */
export function chooseCompany(choices: CompanyChoice[], rnc: string | undefined): CompanyChoice {
  const wanted = rnc?.trim();
  if (wanted) {
    const chosen = choices.find((choice) => choice.rnc === wanted);
    if (!chosen) throw new AppError("FORBIDDEN", `El usuario no tiene acceso al RNC ${wanted}.`);
    return chosen;
  }
  if (choices.length === 1) return choices[0]!;
  if (choices.length === 0) {
    throw new AppError(
      "FORBIDDEN",
      "El usuario no tiene rol en ninguna empresa: pida acceso a un administrador.",
    );
  }
  // The code stays (the API's contract); the message is a sentence an integrator can act on.
  const listed = choices.map((choice) => `${choice.rnc} (${choice.name})`).join(", ");
  throw new AppError(
    "RNC_REQUIRED",
    `Este usuario tiene acceso a varias empresas: ${listed}. Envíe en el campo "rnc" del cuerpo el RNC de la empresa para la que actúa.`,
    { extra: { companies: choices.map((choice) => ({ rnc: choice.rnc, name: choice.name })) } },
  );
}

/**
 * A user's credentials and second factor → the AuthContext of the company chosen by `rnc`
 * (chooseCompany), or 401 INVALID_CREDENTIALS. What POST /auth/token and the MSeller-style sign-in
 * do for people; service accounts sign in through service-accounts.ts.
 */
export async function signInUser(input: {
  username: string;
  password: string;
  rnc?: string;
  otp?: string;
  clientAddress?: string;
}): Promise<AuthContext> {
  const user = await verifyUserCredentials(input.username, input.password, input.clientAddress, input.otp);
  if (!user) throw new AppError("INVALID_CREDENTIALS", "Usuario o contraseña incorrectos.");
  if (user.mustChangePassword) {
    throw new AppError(
      "PASSWORD_CHANGE_REQUIRED",
      "La contraseña es temporal: inicie sesión en el portal y elija la suya antes de usar la API.",
    );
  }
  const company = chooseCompany(await companiesOfUser(user.userId), input.rnc);
  const auth = await loadActiveUser(user.userId, company.accountId);
  if (!auth) throw new AppError("INVALID_CREDENTIALS", "Usuario o contraseña incorrectos.");
  await requireSecondFactorSetUp(auth);
  return auth;
}

/**
 * The company a portal session acts for: the switcher's cookie (`wanted`) when it names one of the
 * user's companies; else (a fresh browser, a stale cookie) the one they last switched to, kept on the
 * user (rememberLastCompany); else their first. Null when they have none.
 */
export async function portalCompanyOf(
  userId: string,
  wanted: string | undefined,
  options: { issuedAtMs?: number } = {},
): Promise<AuthContext | null> {
  if (wanted) {
    const auth = await loadActiveUser(userId, wanted, options);
    if (auth) return auth;
  }
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { lastAccountId: true } });
  if (user?.lastAccountId && user.lastAccountId !== wanted) {
    const auth = await loadActiveUser(userId, user.lastAccountId, options);
    if (auth) return auth;
  }
  const [first] = await companiesOfUser(userId);
  return first ? loadActiveUser(userId, first.accountId, options) : null;
}

/** The company switcher's choice, kept for the user's next fresh browser (portalCompanyOf). */
export async function rememberLastCompany(userId: string, accountId: string): Promise<void> {
  const db = await getDb();
  await db.user.update({ where: { id: userId }, data: { lastAccountId: accountId } });
}

/**
 * Where an organization requires a second factor of its administrators and approvers, one who has
 * not set it up cannot get a token (403 SECOND_FACTOR_SETUP_REQUIRED); the portal sends them to set
 * it up instead.
 */
async function requireSecondFactorSetUp(auth: AuthContext): Promise<void> {
  if (!(await secondFactorSetupPending(auth))) return;
  throw new AppError(
    "SECOND_FACTOR_SETUP_REQUIRED",
    "Su organización exige un segundo factor a administradores y aprobadores: actívelo en el portal (Mi cuenta) antes de iniciar sesión aquí.",
  );
}

/** True when `auth`'s organization requires a second factor of this user and they have none yet. */
export async function secondFactorSetupPending(auth: AuthContext): Promise<boolean> {
  if (auth.principal !== "user") return false;
  const needs = auth.organizationAdmin || rolesNeedSecondFactor(auth.roles);
  if (!needs) return false;
  const db = await getDb();
  const [organization, user] = await Promise.all([
    db.organization.findUnique({ where: { id: auth.organizationId }, select: { requireSecondFactor: true } }),
    db.user.findUnique({ where: { id: auth.userId }, select: { totpEnabledAt: true } }),
  ]);
  return Boolean(organization?.requireSecondFactor) && user?.totpEnabledAt == null;
}

/**
 * The current state of a user acting for a company, as named by a token or a portal session: null
 * when the user is gone or disabled, no longer has a role in that company, when `issuedAtMs` (when
 * the token or session was issued) is before the user's sessionsValidAfter (password change,
 * "sign out everywhere", disable), or — `tokenRnc`, the RNC a token carries — when that RNC is not
 * the company's (defence in depth should the secret leak). One query.
 */
export async function loadActiveUser(
  userId: string,
  accountId: string,
  options: { tokenRnc?: string; issuedAtMs?: number } = {},
): Promise<AuthContext | null> {
  const db = await getDb();
  // Joined by hand: a nested Prisma select sends one statement per relation (four), and every
  // authenticated request runs this.
  const [row] = await db.$queryRaw<ActiveUserRow[]>`
    SELECT m."roles"::text[] AS "roles", a."rnc", a."organizationId", u."email", u."disabled",
      u."sessionsValidAfter",
      EXISTS (
        SELECT 1 FROM "OrganizationMember" o
        WHERE o."userId" = m."userId" AND o."organizationId" = a."organizationId" AND o."isAdmin"
      ) AS "organizationAdmin"
    FROM "CompanyMember" m
    JOIN "Account" a ON a."id" = m."accountId"
    JOIN "User" u ON u."id" = m."userId"
    WHERE m."accountId" = ${accountId} AND m."userId" = ${userId}`;
  if (!row || row.roles.length === 0) return null;
  if (row.disabled) return null;
  if (options.issuedAtMs !== undefined && options.issuedAtMs < Number(row.sessionsValidAfter)) return null;
  if (options.tokenRnc !== undefined && options.tokenRnc !== row.rnc) return null;
  return {
    principal: "user",
    accountId,
    rnc: row.rnc,
    organizationId: row.organizationId,
    userId,
    email: row.email,
    actor: row.email,
    roles: row.roles.filter(isCompanyRole),
    scopes: [],
    organizationAdmin: row.organizationAdmin,
  };
}

interface ActiveUserRow {
  roles: string[];
  rnc: string;
  organizationId: string;
  email: string;
  disabled: boolean;
  sessionsValidAfter: bigint;
  organizationAdmin: boolean;
}
