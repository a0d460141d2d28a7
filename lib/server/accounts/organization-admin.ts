import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { hasValidCheckDigit } from "@/lib/domain/rnc";
import { SECOND_FACTOR_ROLES, type CompanyRole } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import type { ActivityAction } from "@/lib/domain/activity-actions";
import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { disableTotp } from "@/lib/server/auth";
import { getDb, nowMs, Prisma, toMs } from "@/lib/server/platform/db";
import { getInventory } from "@/lib/server/ledger";

import {
  createCompany,
  endUserSessions,
  requireHomeOrganizationOf,
  resetUserPassword,
  setUserDisabled,
  type AccountSummary,
} from "./accounts";

/**
 * What an organization administrator does from the organization page: add a company, set the
 * organization's second-factor rule, and act on the credentials of the people whose home
 * organization it is (always through requireHomeOrganizationOf: an accountant who belongs to another
 * organization is never taken over). Nobody locks themselves out from here: their own password and
 * second factor are changed in "Mi cuenta", with the current password or code.
 */

/** Who acts: the signed-in organization administrator and the organization they administer. */
export interface OrganizationActor {
  userId: string;
  organizationId: string;
  /** How the activity log names them (AuthContext.actor: their e-mail). */
  actor?: string;
  /** The request's client address, for the activity log. */
  ip?: string | null;
}

function byOf(actor: OrganizationActor): ActivityBy {
  return { actor: { type: "user", id: actor.userId, label: actor.actor ?? null }, ip: actor.ip ?? null };
}

type LogClient = Parameters<typeof recordActivity>[0];

/** An organization-level entry of the activity log (accountId null) about one of its people. */
async function logMemberAction(
  db: LogClient,
  actor: OrganizationActor,
  action: ActivityAction,
  userId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const by = byOf(actor);
  await recordActivity(db, {
    accountId: null,
    organizationId: actor.organizationId,
    action,
    actor: by.actor,
    subject: { type: "user", id: userId },
    details,
    ip: by.ip,
  });
}

/** What the creator of a company holds in it: everything but the viewer role (which every role reads). */
export const CREATOR_ROLES: readonly CompanyRole[] = ["administrator", "approver", "operator"];

/**
 * A new company of the actor's organization, whose creator becomes administrator, approver and
 * operator. An RNC or cédula whose check digit fails is refused (VALIDATION_FAILED with
 * extra.checkDigit = "failed") unless `acceptFailingCheckDigit`: DGII has issued valid numbers whose
 * check digit fails, so a person may confirm one. An RNC already in Anula: 409 ALREADY_EXISTS (ask its
 * administrator for access).
 */
export async function createCompanyForActor(
  actor: OrganizationActor,
  input: { rnc: string; name: string; acceptFailingCheckDigit?: boolean },
): Promise<AccountSummary> {
  const rnc = input.rnc.replace(/[\s-]/g, "");
  if (/^(\d{9}|\d{11})$/.test(rnc) && !hasValidCheckDigit(rnc) && !input.acceptFailingCheckDigit) {
    const message = `El dígito verificador de ${rnc} no cuadra: revise el número o confirme que es correcto.`;
    throw new AppError("VALIDATION_FAILED", message, {
      errors: [{ field: "rnc", code: "VALIDATION_FAILED", message }],
      extra: { checkDigit: "failed" },
    });
  }
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const company = await createCompany({ organizationId: actor.organizationId, rnc, name: input.name }, tx);
    const now = nowMs();
    await tx.companyMember.create({
      data: {
        accountId: company.id,
        userId: actor.userId,
        roles: [...CREATOR_ROLES],
        createdAt: now,
        updatedAt: now,
      },
    });
    const by = byOf(actor);
    await recordActivity(tx, {
      accountId: company.id,
      organizationId: actor.organizationId,
      action: "company.created",
      actor: by.actor,
      subject: { type: "company", id: company.id },
      details: { rnc: company.rnc, name: company.name },
      ip: by.ip,
    });
    return company;
  });
}

function refuseSelf(actor: OrganizationActor, userId: string, what: string): void {
  if (actor.userId !== userId) return;
  throw new AppError("FORBIDDEN", `No puede ${what} de su propia cuenta desde aquí: use Mi cuenta.`);
}

/** A temporary password (returned once) for a home member; every session of theirs ends. */
export async function resetMemberPassword(
  actor: OrganizationActor,
  userId: string,
): Promise<{ temporaryPassword: string }> {
  refuseSelf(actor, userId, "restablecer la contraseña");
  await requireHomeOrganizationOf(userId, actor.organizationId);
  const reset = await resetUserPassword(userId);
  await logMemberAction(await getDb(), actor, "user.password_reset", userId);
  return reset;
}

/** Removes a home member's second factor (a lost phone): they sign in with their password alone. */
export async function resetMemberSecondFactor(actor: OrganizationActor, userId: string): Promise<void> {
  refuseSelf(actor, userId, "quitar el segundo factor");
  await requireHomeOrganizationOf(userId, actor.organizationId);
  await disableTotp(userId);
  await logMemberAction(await getDb(), actor, "user.second_factor_reset", userId);
}

/** "Sign out everywhere" for a home member. */
export async function endMemberSessions(actor: OrganizationActor, userId: string): Promise<void> {
  await requireHomeOrganizationOf(userId, actor.organizationId);
  await endUserSessions(userId);
  await logMemberAction(await getDb(), actor, "user.sessions_ended", userId);
}

/** Disables or enables a home member (never oneself). */
export async function setMemberDisabled(
  actor: OrganizationActor,
  userId: string,
  disabled: boolean,
): Promise<void> {
  refuseSelf(actor, userId, "deshabilitar el acceso");
  await requireHomeOrganizationOf(userId, actor.organizationId);
  await setUserDisabled(userId, disabled, byOf(actor));
}

export async function getRequireSecondFactor(organizationId: string): Promise<boolean> {
  const db = await getDb();
  const organization = await db.organization.findUnique({
    where: { id: organizationId },
    select: { requireSecondFactor: true },
  });
  return organization?.requireSecondFactor ?? false;
}

/**
 * Requires (or not) a second factor of the organization's administrators and approvers. Turning it
 * on ends at once the sessions and tokens (portal, idTokens, refresh tokens) of every one of them
 * without a second factor — the one turning it on included: an idToken or refresh token obtained
 * with a password alone must not outlive the rule (they sign in again and are sent to set it up).
 */
export async function setRequireSecondFactor(
  organizationId: string,
  required: boolean,
  by?: ActivityBy,
): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { requireSecondFactor: true },
    });
    await tx.organization.update({
      where: { id: organizationId },
      data: { requireSecondFactor: required, updatedAt: nowMs() },
    });
    if (by && before.requireSecondFactor !== required) {
      await recordActivity(tx, {
        accountId: null,
        organizationId,
        action: "policy.changed",
        actor: by.actor,
        subject: { type: "organization", id: organizationId },
        details: { policy: "requireSecondFactor", before: before.requireSecondFactor, after: required },
        ip: by.ip,
      });
    }
    if (!required) return;
    for (const userId of await usersMissingRequiredSecondFactor(tx, organizationId)) {
      await endUserSessions(userId, tx);
    }
  });
}

type Tx = Prisma.TransactionClient;

/**
 * The people the organization's rule holds who have no second factor: its administrators, and those
 * with the administrator or approver role in one of its companies (`only` narrows to some users).
 */
async function usersMissingRequiredSecondFactor(
  tx: Tx,
  organizationId: string,
  only?: string[],
): Promise<string[]> {
  // Raw: the enum-array overlap (&&) that Prisma's hasSome would need is not sent right by every adapter.
  const rows = await tx.$queryRaw<Array<{ id: string }>>(Prisma.sql`
    SELECT u."id" FROM "User" u
    WHERE u."totpEnabledAt" IS NULL
      ${only ? Prisma.sql`AND u."id" = ANY(${only}::text[])` : Prisma.empty}
      AND (
        EXISTS (
          SELECT 1 FROM "OrganizationMember" o
          WHERE o."userId" = u."id" AND o."organizationId" = ${organizationId} AND o."isAdmin"
        )
        OR EXISTS (
          SELECT 1 FROM "CompanyMember" m JOIN "Account" a ON a."id" = m."accountId"
          WHERE m."userId" = u."id" AND a."organizationId" = ${organizationId}
            AND m."roles" && ${[...SECOND_FACTOR_ROLES]}::text[]::"CompanyRole"[]
        )
      )`);
  return rows.map((row) => row.id);
}

/** The actor's organization row, locked for the transaction: "the last administrator" is decided once. */
async function lockOrganization(tx: Tx, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
}

async function requireOrganizationMember(tx: Tx, organizationId: string, userId: string) {
  const member = await tx.organizationMember.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
  });
  if (!member) throw new AppError("NOT_FOUND", "La persona no es miembro de esta organización.");
  return member;
}

async function refuseLastAdministrator(tx: Tx, organizationId: string, userId: string, what: string) {
  const others = await tx.organizationMember.count({
    where: { organizationId, isAdmin: true, userId: { not: userId } },
  });
  if (others > 0) return;
  throw new AppError(
    "FORBIDDEN",
    `No se puede ${what} al único administrador de la organización: nombre antes a otro administrador.`,
  );
}

/**
 * Makes a member of the organization one of its administrators, or no longer one. The last
 * administrator stays (FORBIDDEN), whoever asks — oneself included. A new administrator without the
 * second factor the organization requires loses the sessions and tokens they got with a password alone.
 */
export async function setOrganizationAdmin(
  actor: OrganizationActor,
  userId: string,
  isAdmin: boolean,
): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, actor.organizationId);
    const member = await requireOrganizationMember(tx, actor.organizationId, userId);
    if (member.isAdmin === isAdmin) return;
    if (!isAdmin) await refuseLastAdministrator(tx, actor.organizationId, userId, "quitar la administración");
    await tx.organizationMember.update({
      where: { organizationId_userId: { organizationId: actor.organizationId, userId } },
      data: { isAdmin },
    });
    await logMemberAction(tx, actor, "user.organization_admin_changed", userId, {
      organizationAdmin: isAdmin,
    });
    if (!isAdmin) return;
    const organization = await tx.organization.findUniqueOrThrow({
      where: { id: actor.organizationId },
      select: { requireSecondFactor: true },
    });
    if (!organization.requireSecondFactor) return;
    for (const id of await usersMissingRequiredSecondFactor(tx, actor.organizationId, [userId])) {
      await endUserSessions(id, tx);
    }
  });
}

/**
 * Removes a person from the organization: their roles in each of its companies and their
 * organization membership. Their portal sessions and idTokens for those companies end at once
 * (every request re-checks the membership: loadActiveUser) and their refresh tokens for them are
 * revoked; their access elsewhere is untouched. The last administrator cannot be removed (oneself
 * included). A person whose home organization this is keeps their account: its credentials remain
 * this organization's to reset, and another organization may still count them as a member.
 */
export async function removeOrganizationMember(actor: OrganizationActor, userId: string): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, actor.organizationId);
    const member = await requireOrganizationMember(tx, actor.organizationId, userId);
    if (member.isAdmin) await refuseLastAdministrator(tx, actor.organizationId, userId, "quitar");
    const companies = await tx.account.findMany({
      where: { organizationId: actor.organizationId },
      select: { id: true },
    });
    const accountIds = companies.map((company) => company.id);
    await tx.companyMember.deleteMany({ where: { userId, accountId: { in: accountIds } } });
    await tx.refreshToken.updateMany({
      where: { userId, accountId: { in: accountIds }, revokedAt: null },
      data: { revokedAt: nowMs() },
    });
    await tx.organizationMember.delete({
      where: { organizationId_userId: { organizationId: actor.organizationId, userId } },
    });
    await logMemberAction(tx, actor, "user.removed", userId, { companies: accountIds.length });
  });
}

/** One company of the organization overview. */
export interface CompanyOverview {
  id: string;
  rnc: string;
  name: string;
  lastVoid: { id: string; createdAt: number; status: string } | null;
  /** When the company's active certificate expires (ms), or null without one. */
  certificateNotAfter: number | null;
  /** The active certificate has expired (voids are refused until a valid one is uploaded). */
  certificateExpired: boolean;
  /** Voids waiting in "Por confirmar" (Error, or flagged for review), as countPending counts them (capped). */
  pendingVoids: number;
  /**
   * The sequence ledger's alerts (running low, expiring, expired unused) of the environment, or null
   * when not computed: past OVERVIEW_LEDGER_LIMIT companies with authorizations, the Secuencias page
   * of each company tells.
   */
  ledgerAlerts: number | null;
}

/** The cap of each company's pending count (countPending's default): "1000+" is enough to act. */
export const OVERVIEW_PENDING_CAP = 1000;
/** At most this many companies get their ledger alerts computed (an inventory each), this many at once. */
export const OVERVIEW_LEDGER_LIMIT = 50;
const OVERVIEW_LEDGER_CONCURRENCY = 4;

/**
 * The organization's companies for an accountant's overview, with each one's last void in
 * `environment` and its active certificate's expiry: one query per table whatever the number of
 * companies (the last void by a lateral join on the history index, one index probe per company).
 */
export async function organizationOverview(
  organizationId: string,
  environment: Environment,
): Promise<CompanyOverview[]> {
  const db = await getDb();
  const companies = await db.account.findMany({
    where: { organizationId },
    select: { id: true, rnc: true, name: true },
    orderBy: { name: "asc" },
  });
  return overviewOf(companies, environment);
}

/** The overview's columns for `companies` (any organizations'; the caller decides who may read them). */
export async function overviewOf(
  companies: Array<{ id: string; rnc: string; name: string }>,
  environment: Environment,
): Promise<CompanyOverview[]> {
  if (companies.length === 0) return [];
  const db = await getDb();
  const ids = companies.map((company) => company.id);
  const [lastVoids, certificates, pending, alerts] = await Promise.all([
    db.$queryRaw<Array<{ accountId: string; id: string; createdAt: bigint; status: string }>>(Prisma.sql`
      SELECT company."id" AS "accountId", last."id", last."createdAt", last."status"::text AS "status"
      FROM unnest(${ids}::text[]) AS company("id")
      CROSS JOIN LATERAL (
        SELECT v."id", v."createdAt", v."status"
        FROM "VoidRecord" v
        WHERE v."accountId" = company."id" AND v."environment" = ${environment}::"Environment"
        ORDER BY v."createdAt" DESC, v."id" DESC
        LIMIT 1
      ) AS last`),
    db.companyCertificate.findMany({
      where: { accountId: { in: ids }, active: true },
      select: { accountId: true, certificate: { select: { notAfter: true } } },
    }),
    pendingCounts(ids, environment),
    ledgerAlertCounts(ids, environment),
  ]);
  const voidOf = new Map(lastVoids.map((row) => [row.accountId, row]));
  const expiryOf = new Map(certificates.map((row) => [row.accountId, toMs(row.certificate.notAfter)]));
  const now = Date.now();
  return companies.map((company) => {
    const last = voidOf.get(company.id);
    const notAfter = expiryOf.get(company.id) ?? null;
    return {
      id: company.id,
      rnc: company.rnc,
      name: company.name,
      lastVoid: last ? { id: last.id, createdAt: toMs(last.createdAt), status: last.status } : null,
      certificateNotAfter: notAfter,
      certificateExpired: notAfter !== null && notAfter < now,
      pendingVoids: pending.get(company.id) ?? 0,
      ledgerAlerts: alerts.has(company.id) ? alerts.get(company.id)! : 0,
    };
  });
}

/**
 * countPending for many companies in one query: Error voids plus those flagged for review, each
 * count capped (LIMIT inside a lateral join: one bounded index scan per company, never a full count).
 */
async function pendingCounts(ids: string[], environment: Environment): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ accountId: string; errors: bigint; review: bigint }>>(Prisma.sql`
    SELECT company."id" AS "accountId",
      (SELECT count(*) FROM (
        SELECT 1 FROM "VoidRecord" v
        WHERE v."accountId" = company."id" AND v."environment" = ${environment}::"Environment"
          AND v."status" = 'Error'::"VoidStatus"
        LIMIT ${OVERVIEW_PENDING_CAP}) AS e) AS "errors",
      (SELECT count(*) FROM (
        SELECT 1 FROM "VoidRecord" v
        WHERE v."accountId" = company."id" AND v."environment" = ${environment}::"Environment"
          AND v."needsReview" = true
        LIMIT ${OVERVIEW_PENDING_CAP}) AS r) AS "review"
    FROM unnest(${ids}::text[]) AS company("id")`);
  return new Map(
    rows.map((row) => [
      row.accountId,
      Math.min(OVERVIEW_PENDING_CAP, Number(row.errors) + Number(row.review)),
    ]),
  );
}

/**
 * The ledger's alerts per company. Alerts exist only for authorizations, so only companies with one in
 * `environment` (one grouped query) get an inventory, OVERVIEW_LEDGER_CONCURRENCY at a time and at
 * most OVERVIEW_LEDGER_LIMIT of them (null past it): the page stays bounded for a firm of hundreds.
 */
async function ledgerAlertCounts(
  ids: string[],
  environment: Environment,
): Promise<Map<string, number | null>> {
  const db = await getDb();
  const withAuthorizations = await db.sequenceAuthorization.groupBy({
    by: ["accountId"],
    where: { accountId: { in: ids }, environment },
    orderBy: { accountId: "asc" },
  });
  const counted = new Map<string, number | null>();
  const queue = withAuthorizations.map((row) => row.accountId);
  for (const skipped of queue.splice(OVERVIEW_LEDGER_LIMIT)) counted.set(skipped, null);
  const worker = async () => {
    for (let accountId = queue.shift(); accountId !== undefined; accountId = queue.shift()) {
      const inventory = await getInventory(accountId, environment);
      counted.set(
        accountId,
        inventory.types.reduce(
          (sum, type) => sum + type.authorizations.reduce((inType, auth) => inType + auth.alerts.length, 0),
          0,
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: OVERVIEW_LEDGER_CONCURRENCY }, worker));
  return counted;
}
