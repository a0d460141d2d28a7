import "server-only";

import { randomBytes } from "node:crypto";

import { COMPANY_ROLES, rolesNeedSecondFactor, type CompanyRole } from "@/lib/domain/roles";
import { isValidRnc } from "@/lib/domain/rnc";
import { AppError } from "@/lib/errors";
import { recordActivity, SYSTEM_BY, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { hashPassword, verifyPassword } from "@/lib/server/auth";
import {
  getDb,
  isUniqueViolation,
  nowMs,
  toMs,
  toMsOrNull,
  type PrismaClient,
} from "@/lib/server/platform/db";

/**
 * Organizations, their companies (model Account: one RNC each) and the people in them. Every
 * function that changes a company's members takes the company's id from the caller's AuthContext,
 * so one company's administrator never reaches another's members.
 */

export interface AccountSummary {
  id: string;
  organizationId: string;
  rnc: string;
  name: string;
  createdAt: number;
}

export interface UserSummary {
  id: string;
  email: string;
  name: string | null;
  homeOrganizationId: string;
  disabled: boolean;
  mustChangePassword: boolean;
  secondFactor: boolean;
  createdAt: number;
  lastLoginAt: number | null;
}

/** A member of a company: the person and their roles there. */
export interface CompanyMemberSummary extends UserSummary {
  roles: CompanyRole[];
}

type Tx = Pick<
  PrismaClient,
  "organization" | "account" | "user" | "organizationMember" | "companyMember" | "activityLogEntry"
>;

export const MIN_PASSWORD_LENGTH = 8;

export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError(
      "VALIDATION_FAILED",
      `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
      {
        errors: [{ field: "password", code: "VALIDATION_FAILED", message: "Contraseña demasiado corta." }],
      },
    );
  }
}

/** A temporary password for an invitation or a reset: shown once, to be changed at first sign-in. */
export function temporaryPassword(): string {
  return randomBytes(12).toString("base64url");
}

function normalizedRoles(roles: readonly string[]): CompanyRole[] {
  return COMPANY_ROLES.filter((role) => roles.includes(role));
}

function checkCompanyInput(input: { rnc: string; name: string }): void {
  if (!isValidRnc(input.rnc)) {
    throw new AppError("VALIDATION_FAILED", "El RNC debe tener 9 dígitos (o la cédula 11).", {
      errors: [{ field: "rnc", code: "VALIDATION_FAILED", message: "RNC no válido." }],
    });
  }
  if (!input.name.trim()) {
    throw new AppError("VALIDATION_FAILED", "El nombre de la empresa es obligatorio.", {
      errors: [{ field: "name", code: "VALIDATION_FAILED", message: "Nombre obligatorio." }],
    });
  }
}

function rncTaken(rnc: string): AppError {
  return new AppError(
    "ALREADY_EXISTS",
    `La empresa con RNC ${rnc} ya está registrada en Anula: pida acceso a su administrador.`,
    { errors: [{ field: "rnc", code: "ALREADY_EXISTS", message: "RNC ya registrado." }] },
  );
}

export async function createOrganization(
  input: { name: string },
  client?: Tx,
): Promise<{ id: string; name: string }> {
  const name = input.name.trim();
  if (!name) throw new AppError("VALIDATION_FAILED", "El nombre de la organización es obligatorio.");
  const db = client ?? (await getDb());
  const now = nowMs();
  const organization = await db.organization.create({ data: { name, createdAt: now, updatedAt: now } });
  return { id: organization.id, name: organization.name };
}

/** A company (RNC unique in the whole deployment: 409 ALREADY_EXISTS says whom to ask). */
export async function createCompany(
  input: { organizationId: string; rnc: string; name: string },
  client?: Tx,
): Promise<AccountSummary> {
  checkCompanyInput(input);
  const db = client ?? (await getDb());
  if (await db.account.findUnique({ where: { rnc: input.rnc }, select: { id: true } }))
    throw rncTaken(input.rnc);
  const now = nowMs();
  const account = await db.account
    .create({
      data: {
        organizationId: input.organizationId,
        rnc: input.rnc,
        name: input.name.trim(),
        createdAt: now,
        updatedAt: now,
      },
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? rncTaken(input.rnc) : error;
    });
  return toAccountSummary(account);
}

/** An organization with its one company (tests, and the shape every account had before organizations). */
export async function createAccount(input: { rnc: string; name: string }): Promise<AccountSummary> {
  checkCompanyInput(input);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const organization = await createOrganization({ name: input.name }, tx);
    return createCompany({ organizationId: organization.id, ...input }, tx);
  });
}

export async function getAccount(accountId: string): Promise<AccountSummary | null> {
  const db = await getDb();
  const account = await db.account.findUnique({ where: { id: accountId } });
  return account && toAccountSummary(account);
}

export async function listCompaniesOfOrganization(organizationId: string): Promise<AccountSummary[]> {
  const db = await getDb();
  const rows = await db.account.findMany({ where: { organizationId }, orderBy: { name: "asc" } });
  return rows.map(toAccountSummary);
}

/**
 * A new person with roles in a company: their home organization is the company's, they become a
 * member of it (organization administrator when `organizationAdmin`). The e-mail is the login name,
 * unique across Anula, stored lower-case.
 */
export async function createUser(
  input: {
    accountId: string;
    email: string;
    password: string;
    roles: readonly CompanyRole[];
    name?: string;
    organizationAdmin?: boolean;
    mustChangePassword?: boolean;
  },
  client?: Tx,
): Promise<UserSummary> {
  checkNewPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const write = async (tx: Tx) => {
    const company = await tx.account.findUnique({
      where: { id: input.accountId },
      select: { organizationId: true },
    });
    if (!company) throw new AppError("NOT_FOUND", "La empresa no existe.");
    const now = nowMs();
    const user = await tx.user
      .create({
        data: {
          homeOrganizationId: company.organizationId,
          email: input.email.trim().toLowerCase(),
          name: input.name?.trim() || null,
          passwordHash,
          mustChangePassword: input.mustChangePassword ?? false,
          createdAt: now,
          updatedAt: now,
        },
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error)
          ? new AppError("ALREADY_EXISTS", "Ya existe un usuario con ese correo.")
          : error;
      });
    await tx.organizationMember.create({
      data: {
        organizationId: company.organizationId,
        userId: user.id,
        isAdmin: input.organizationAdmin ?? false,
        createdAt: now,
      },
    });
    const roles = normalizedRoles(input.roles);
    if (roles.length > 0) {
      await tx.companyMember.create({
        data: { accountId: input.accountId, userId: user.id, roles, createdAt: now, updatedAt: now },
      });
    }
    return user;
  };
  const user = client ? await write(client) : await (await getDb()).$transaction(write);
  return toUserSummary(user);
}

/**
 * An administrator adds a person to the company with `roles`. Someone new gets an account with a
 * temporary password (returned once; no mail server is assumed) that must be changed at the first
 * sign-in. Someone who already has an account only gains the membership: their credentials are
 * never touched (only they and their home organization's administrators may).
 */
export async function inviteUser(input: {
  accountId: string;
  email: string;
  roles: readonly string[];
  name?: string;
  /** Who invites, for the activity log ("user.invited", in the same transaction). */
  by?: ActivityBy;
}): Promise<{ userId: string; created: boolean; temporaryPassword?: string }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new AppError("VALIDATION_FAILED", "El correo no es válido.", {
      errors: [{ field: "email", code: "VALIDATION_FAILED", message: "Correo no válido." }],
    });
  }
  const roles = normalizedRoles(input.roles);
  if (roles.length === 0) {
    throw new AppError("VALIDATION_FAILED", "Elija al menos un rol.", {
      errors: [{ field: "roles", code: "VALIDATION_FAILED", message: "Elija al menos un rol." }],
    });
  }
  const db = await getDb();
  const by = input.by ?? SYSTEM_BY;
  const logInvite = (tx: Tx, userId: string, created: boolean) =>
    recordActivity(tx, {
      accountId: input.accountId,
      action: "user.invited",
      actor: by.actor,
      subject: { type: "user", id: userId },
      // Never the temporary password: only that one was issued.
      details: { email, roles, newAccount: created },
      ip: by.ip,
    });
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!existing) {
    const password = temporaryPassword();
    const user = await db.$transaction(async (tx) => {
      const created = await createUser(
        { accountId: input.accountId, email, password, roles, name: input.name, mustChangePassword: true },
        tx,
      );
      await logInvite(tx, created.id, true);
      return created;
    });
    return { userId: user.id, created: true, temporaryPassword: password };
  }
  await db.$transaction(async (tx) => {
    const company = await tx.account.findUniqueOrThrow({
      where: { id: input.accountId },
      select: { organizationId: true },
    });
    const now = nowMs();
    await tx.organizationMember.upsert({
      where: { organizationId_userId: { organizationId: company.organizationId, userId: existing.id } },
      create: { organizationId: company.organizationId, userId: existing.id, isAdmin: false, createdAt: now },
      update: {},
    });
    await tx.companyMember.upsert({
      where: { accountId_userId: { accountId: input.accountId, userId: existing.id } },
      create: { accountId: input.accountId, userId: existing.id, roles, createdAt: now, updatedAt: now },
      update: { roles, updatedAt: now },
    });
    await logInvite(tx, existing.id, false);
  });
  return { userId: existing.id, created: false };
}

/** The company's members with their roles, oldest first. */
export async function listCompanyMembers(accountId: string): Promise<CompanyMemberSummary[]> {
  const db = await getDb();
  const rows = await db.companyMember.findMany({
    where: { accountId },
    include: { user: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({ ...toUserSummary(row.user), roles: normalizedRoles(row.roles) }));
}

/**
 * Sets a member's roles in the company (never another company's member: 404). An empty set removes
 * them from the company: their tokens for it stop at once (every request re-reads the membership).
 */
export async function setMemberRoles(
  accountId: string,
  userId: string,
  roles: readonly string[],
  by: ActivityBy = SYSTEM_BY,
): Promise<void> {
  const db = await getDb();
  const wanted = normalizedRoles(roles);
  const where = { accountId_userId: { accountId, userId } };
  const current = await db.companyMember.findUnique({
    where,
    select: { roles: true, user: { select: { email: true } } },
  });
  if (!current) {
    throw new AppError("NOT_FOUND", "El usuario no es miembro de esta empresa.");
  }
  const logChange = (tx: Tx) =>
    recordActivity(tx, {
      accountId,
      action: "user.roles_changed",
      actor: by.actor,
      subject: { type: "user", id: userId },
      details: { email: current.user.email, before: normalizedRoles(current.roles), after: wanted },
      ip: by.ip,
    });
  if (wanted.length === 0) {
    await db.$transaction(async (tx) => {
      await tx.companyMember.delete({ where });
      await logChange(tx);
    });
    return;
  }
  await db.$transaction(async (tx) => {
    await tx.companyMember.update({ where, data: { roles: wanted, updatedAt: nowMs() } });
    await logChange(tx);
    // Made administrator or approver where the organization requires a second factor of those roles,
    // a person without one keeps no token got with a password alone (an idToken lives an hour): their
    // sessions end now and the next sign-in sends them to set it up.
    if (!rolesNeedSecondFactor(wanted)) return;
    const [company, user] = await Promise.all([
      tx.account.findUnique({
        where: { id: accountId },
        select: { organization: { select: { requireSecondFactor: true } } },
      }),
      tx.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } }),
    ]);
    if (company?.organization.requireSecondFactor && user?.totpEnabledAt == null) {
      await endUserSessions(userId, tx);
    }
  });
}

/** Members of an organization, with whether each administers it. */
export async function listOrganizationMembers(
  organizationId: string,
): Promise<Array<UserSummary & { organizationAdmin: boolean; homeHere: boolean }>> {
  const db = await getDb();
  const rows = await db.organizationMember.findMany({
    where: { organizationId },
    include: { user: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({
    ...toUserSummary(row.user),
    organizationAdmin: row.isAdmin,
    homeHere: row.user.homeOrganizationId === organizationId,
  }));
}

/**
 * The credentials of a person (password, second factor, disable, sign out everywhere) may be
 * changed only by themself or by an administrator of their home organization: an accountant who
 * serves several organizations is never taken over by a client's administrator. 404 otherwise.
 */
export async function requireHomeOrganizationOf(userId: string, organizationId: string): Promise<void> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { homeOrganizationId: true } });
  if (!user || user.homeOrganizationId !== organizationId) {
    throw new AppError(
      "NOT_FOUND",
      "El usuario no existe o su organización de origen es otra: solo los administradores de esa organización pueden cambiar sus credenciales.",
    );
  }
}

/**
 * Ends every session and token of the user now ("sign out everywhere"; also after a password change
 * and on disable): portal sessions and idTokens issued before now are refused, refresh tokens revoked.
 */
export async function endUserSessions(
  userId: string,
  client?: Pick<PrismaClient, "user" | "refreshToken">,
): Promise<void> {
  const write = async (tx: Pick<PrismaClient, "user" | "refreshToken">) => {
    const now = nowMs();
    await tx.user.update({ where: { id: userId }, data: { sessionsValidAfter: now, updatedAt: now } });
    await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  };
  if (client) return write(client);
  await (await getDb()).$transaction(write);
}

/**
 * Disabling takes effect at once: every token and session ends, and refresh tokens are revoked
 * (enabling the user again does not bring them back: the person signs in again). Only the home
 * organization's administrators (requireHomeOrganizationOf) may.
 */
export async function setUserDisabled(
  userId: string,
  disabled: boolean,
  by: ActivityBy = SYSTEM_BY,
): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId },
      data: { disabled, updatedAt: nowMs() },
    });
    if (count === 0) throw new AppError("NOT_FOUND", "El usuario no existe.");
    if (disabled) await endUserSessions(userId, tx);
    // Organization-level: an account is disabled everywhere, by its home organization.
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { email: true, homeOrganizationId: true },
    });
    await recordActivity(tx, {
      accountId: null,
      organizationId: user.homeOrganizationId,
      action: disabled ? "user.disabled" : "user.enabled",
      actor: by.actor,
      subject: { type: "user", id: userId },
      details: { email: user.email },
      ip: by.ip,
    });
  });
}

/** The user's own password change: the current one is checked; every other session ends. */
export async function changeOwnPassword(
  userId: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new AppError("VALIDATION_FAILED", "La contraseña actual no es correcta.", {
      errors: [
        { field: "currentPassword", code: "VALIDATION_FAILED", message: "Contraseña actual incorrecta." },
      ],
    });
  }
  if (currentPassword === newPassword) {
    throw new AppError("VALIDATION_FAILED", "La contraseña nueva debe ser distinta de la actual.", {
      errors: [{ field: "newPassword", code: "VALIDATION_FAILED", message: "Use una contraseña distinta." }],
    });
  }
  await writePassword(userId, newPassword, false);
}

/**
 * An administrator of the user's home organization resets their password: a temporary one,
 * returned once, that must be changed at the next sign-in.
 */
export async function resetUserPassword(userId: string): Promise<{ temporaryPassword: string }> {
  const password = temporaryPassword();
  await writePassword(userId, password, true);
  return { temporaryPassword: password };
}

export async function writePassword(
  userId: string,
  password: string,
  mustChangePassword: boolean,
): Promise<void> {
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { passwordHash, mustChangePassword, updatedAt: nowMs() },
    });
    await endUserSessions(userId, tx);
  });
}

function toAccountSummary(account: {
  id: string;
  organizationId: string;
  rnc: string;
  name: string;
  createdAt: bigint;
}): AccountSummary {
  return {
    id: account.id,
    organizationId: account.organizationId,
    rnc: account.rnc,
    name: account.name,
    createdAt: toMs(account.createdAt),
  };
}

function toUserSummary(user: {
  id: string;
  email: string;
  name: string | null;
  homeOrganizationId: string;
  disabled: boolean;
  mustChangePassword: boolean;
  totpEnabledAt: bigint | null;
  createdAt: bigint;
  lastLoginAt: bigint | null;
}): UserSummary {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    homeOrganizationId: user.homeOrganizationId,
    disabled: user.disabled,
    mustChangePassword: user.mustChangePassword,
    secondFactor: user.totpEnabledAt !== null,
    createdAt: toMs(user.createdAt),
    lastLoginAt: toMsOrNull(user.lastLoginAt),
  };
}
