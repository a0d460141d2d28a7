import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hasValidCheckDigit } from "@/lib/domain/rnc";
import { isAppError } from "@/lib/errors";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { issueRefreshToken } from "@/lib/server/auth/refresh-tokens";
import { beginTotpEnrollment } from "@/lib/server/auth/second-factor";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { createAuthorization } from "@/lib/server/ledger";
import { sampleVoidContent, storeAcceptedVoid } from "@/lib/server/voids/testing/stored-voids";

import { createUser, inviteUser, setMemberRoles } from "./accounts";
import {
  createCompanyForActor,
  endMemberSessions,
  organizationOverview,
  removeOrganizationMember,
  resetMemberPassword,
  resetMemberSecondFactor,
  setMemberDisabled,
  setOrganizationAdmin,
  setRequireSecondFactor,
  getRequireSecondFactor,
  type OrganizationActor,
} from "./organization-admin";
import { createTestAccount, type TestAccount } from "./test-fixtures";

let database: TestDatabase;
let admin: TestAccount;
let actor: OrganizationActor;
/** An administrator of another organization (an accountant's firm). */
let other: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount();
  other = await createTestAccount();
  actor = { userId: admin.auth.userId, organizationId: admin.auth.organizationId };
});
afterAll(async () => database?.dispose());

async function codeOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "ok";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

/** A 9-digit RNC not used yet, with a right (or deliberately wrong) check digit. */
let serial = 400000;
function freshRnc(valid: boolean): string {
  for (;;) {
    serial += 1;
    const base = `10${String(serial).padStart(6, "0")}`;
    for (let digit = 0; digit <= 9; digit++) {
      const rnc = `${base}${digit}`;
      if (hasValidCheckDigit(rnc) === valid) return rnc;
    }
  }
}

describe("createCompanyForActor", () => {
  it("creates the company in the actor's organization and makes the creator administrator, approver and operator", async () => {
    const rnc = freshRnc(true);
    const company = await createCompanyForActor(actor, { rnc, name: " Segunda SRL " });
    expect(company).toMatchObject({ rnc, name: "Segunda SRL", organizationId: actor.organizationId });
    const member = await database.prisma.companyMember.findUniqueOrThrow({
      where: { accountId_userId: { accountId: company.id, userId: actor.userId } },
    });
    expect(member.roles).toEqual(["administrator", "approver", "operator"]);
  });

  it("refuses a failing check digit unless confirmed (extra.checkDigit), then accepts it", async () => {
    const rnc = freshRnc(false);
    let caught: unknown;
    await createCompanyForActor(actor, { rnc, name: "Dígito" }).catch((error: unknown) => (caught = error));
    expect(isAppError(caught) && caught.code).toBe("VALIDATION_FAILED");
    expect(isAppError(caught) && caught.extra).toEqual({ checkDigit: "failed" });
    expect(await database.prisma.account.count({ where: { rnc } })).toBe(0);
    const company = await createCompanyForActor(actor, {
      rnc,
      name: "Dígito",
      acceptFailingCheckDigit: true,
    });
    expect(company.rnc).toBe(rnc);
  });

  it("an RNC already in Anula (even another organization's) is ALREADY_EXISTS: ask its administrator", async () => {
    let caught: unknown;
    await createCompanyForActor(actor, {
      rnc: other.auth.rnc,
      name: "Ajena",
      acceptFailingCheckDigit: true,
    }).catch((error: unknown) => (caught = error));
    expect(isAppError(caught) && caught.code).toBe("ALREADY_EXISTS");
    expect(isAppError(caught) && caught.message).toMatch(/pida acceso a su administrador/);
  });

  it("a malformed RNC is VALIDATION_FAILED without the check-digit flag", async () => {
    let caught: unknown;
    await createCompanyForActor(actor, { rnc: "12345", name: "Corta" }).catch(
      (error: unknown) => (caught = error),
    );
    expect(isAppError(caught) && caught.code).toBe("VALIDATION_FAILED");
    expect(isAppError(caught) && caught.extra).toBeUndefined();
  });
});

describe("credentials of members: home organization only, never oneself where it locks out", () => {
  it("acts on a member whose home organization it is", async () => {
    const { userId } = await inviteUser({
      accountId: admin.auth.accountId,
      email: `casa-${Date.now()}@test.local`,
      roles: ["viewer"],
    });
    const { temporaryPassword } = await resetMemberPassword(actor, userId);
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    let user = await database.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.mustChangePassword).toBe(true);
    const before = user.sessionsValidAfter;

    await beginTotpEnrollment(userId);
    await database.prisma.user.update({ where: { id: userId }, data: { totpEnabledAt: 1n } });
    await resetMemberSecondFactor(actor, userId);
    user = await database.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.totpEnabledAt).toBeNull();
    expect(user.totpSecretCiphertext).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await endMemberSessions(actor, userId);
    user = await database.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.sessionsValidAfter).toBeGreaterThan(before);

    await setMemberDisabled(actor, userId, true);
    expect((await database.prisma.user.findUniqueOrThrow({ where: { id: userId } })).disabled).toBe(true);
    await setMemberDisabled(actor, userId, false);
    expect((await database.prisma.user.findUniqueOrThrow({ where: { id: userId } })).disabled).toBe(false);
  });

  it("never touches a member whose home organization is another (an accountant from a firm): NOT_FOUND", async () => {
    // The firm's administrator is invited into the client's company: a member, not a home member.
    await inviteUser({ accountId: admin.auth.accountId, email: other.auth.email, roles: ["viewer"] });
    const target = other.auth.userId;
    const before = await database.prisma.user.findUniqueOrThrow({ where: { id: target } });
    expect(await codeOf(() => resetMemberPassword(actor, target))).toBe("NOT_FOUND");
    expect(await codeOf(() => resetMemberSecondFactor(actor, target))).toBe("NOT_FOUND");
    expect(await codeOf(() => endMemberSessions(actor, target))).toBe("NOT_FOUND");
    expect(await codeOf(() => setMemberDisabled(actor, target, true))).toBe("NOT_FOUND");
    const after = await database.prisma.user.findUniqueOrThrow({ where: { id: target } });
    expect(after).toEqual(before);
  });

  it("refuses resetting one's own password or second factor and disabling oneself (FORBIDDEN), allows signing oneself out", async () => {
    const self = actor.userId;
    expect(await codeOf(() => resetMemberPassword(actor, self))).toBe("FORBIDDEN");
    expect(await codeOf(() => resetMemberSecondFactor(actor, self))).toBe("FORBIDDEN");
    expect(await codeOf(() => setMemberDisabled(actor, self, true))).toBe("FORBIDDEN");
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: self } });
    expect(user.disabled).toBe(false);
    expect(user.mustChangePassword).toBe(false);
    expect(await codeOf(() => endMemberSessions(actor, self))).toBe("ok");
  });

  it("an unknown user is NOT_FOUND", async () => {
    expect(await codeOf(() => endMemberSessions(actor, "0190f000-0000-7000-8000-000000000000"))).toBe(
      "NOT_FOUND",
    );
  });
});

describe("organization settings and overview", () => {
  it("sets and reads the second-factor requirement", async () => {
    expect(await getRequireSecondFactor(actor.organizationId)).toBe(false);
    await setRequireSecondFactor(actor.organizationId, true);
    expect(await getRequireSecondFactor(actor.organizationId)).toBe(true);
    expect(await getRequireSecondFactor(other.auth.organizationId)).toBe(false);
    await setRequireSecondFactor(actor.organizationId, false);
  });

  it("lists each company with its last void of the environment, its active certificate's expiry, its voids to confirm and its ledger alerts", async () => {
    const withCertificate = await createTestAccount({ certificate: true });
    const organizationId = withCertificate.auth.organizationId;
    const second = await createCompanyForActor(
      { userId: withCertificate.auth.userId, organizationId },
      { rnc: freshRnc(true), name: "Zeta SRL" },
    );
    await createUser({
      accountId: second.id,
      email: `zeta-${Date.now()}@test.local`,
      password: "una-clave-larga",
      roles: ["viewer"],
    });
    const content = sampleVoidContent(1);
    const owner = { accountId: withCertificate.auth.accountId, rnc: withCertificate.auth.rnc };
    await storeAcceptedVoid(database.prisma, owner, content, "0190f000-0000-7000-8000-0000000000a1", 1000);
    await storeAcceptedVoid(database.prisma, owner, content, "0190f000-0000-7000-8000-0000000000a2", 2000);

    // Zeta: two voids without an answer (Error) and a settled one flagged for review → 3 to confirm.
    const zeta = { accountId: second.id, rnc: second.rnc };
    for (const [index, suffix] of ["b1", "b2", "b3"].entries()) {
      await storeAcceptedVoid(
        database.prisma,
        zeta,
        content,
        `0190f000-0000-7000-8000-0000000000${suffix}`,
        10 + index,
      );
    }
    await database.prisma.voidRecord.updateMany({
      where: { id: { in: ["0190f000-0000-7000-8000-0000000000b1", "0190f000-0000-7000-8000-0000000000b2"] } },
      data: { status: "Error" },
    });
    await database.prisma.voidRecord.update({
      where: { id: "0190f000-0000-7000-8000-0000000000b3" },
      data: { needsReview: true },
    });
    // The first company: an authorization that expired with its numbers unused (EXPIRED_UNUSED).
    await createAuthorization({
      accountId: withCertificate.auth.accountId,
      environment: "TesteCF",
      createdBy: "test",
      body: {
        secuenciaDesde: "E310000050001",
        secuenciaHasta: "E310000050100",
        fechaAutorizacion: "01-01-2024",
        fechaVencimiento: "31-12-2024",
      },
    });

    const overview = await organizationOverview(organizationId, "TesteCF");
    expect(overview.map((company) => company.name)).toEqual([
      `Cuenta ${withCertificate.auth.rnc}`,
      "Zeta SRL",
    ]);
    expect(overview[0]!.lastVoid).toEqual({
      id: "0190f000-0000-7000-8000-0000000000a2",
      createdAt: 2000,
      status: "Aceptado",
    });
    expect(overview[0]!.certificateNotAfter).toBe(withCertificate.certificate!.notAfter);
    expect(overview[0]!.certificateExpired).toBe(false);
    expect(overview[0]).toMatchObject({ pendingVoids: 0, ledgerAlerts: 1 });
    expect(overview[1]).toMatchObject({
      lastVoid: { id: "0190f000-0000-7000-8000-0000000000b3", createdAt: 12, status: "Aceptado" },
      certificateNotAfter: null,
      certificateExpired: false,
      pendingVoids: 3,
      ledgerAlerts: 0,
    });
    // Another environment has no voids nor authorizations; another organization's companies never appear.
    const production = await organizationOverview(organizationId, "eCF");
    expect(production.map((company) => company.lastVoid)).toEqual([null, null]);
    expect(production.map((company) => [company.pendingVoids, company.ledgerAlerts])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect((await organizationOverview(other.auth.organizationId, "TesteCF")).map((c) => c.rnc)).toEqual([
      other.auth.rnc,
    ]);
  });
});

describe("organization administrators and who belongs", () => {
  const isAdmin = async (organizationId: string, userId: string) =>
    (
      await database.prisma.organizationMember.findUnique({
        where: { organizationId_userId: { organizationId, userId } },
      })
    )?.isAdmin;

  it("names and un-names administrators among its members, never leaving the organization without one", async () => {
    const owner = await createTestAccount(); // the organization's only administrator
    const by = { userId: owner.auth.userId, organizationId: owner.auth.organizationId };
    const { userId } = await inviteUser({
      accountId: owner.auth.accountId,
      email: `segunda-${Date.now()}@test.local`,
      roles: ["viewer"],
    });
    expect(await codeOf(() => setOrganizationAdmin(by, by.userId, false))).toBe("FORBIDDEN");
    expect(await isAdmin(by.organizationId, by.userId)).toBe(true);

    await setOrganizationAdmin(by, userId, true);
    expect(await isAdmin(by.organizationId, userId)).toBe(true);
    expect((await loadActiveUser(userId, owner.auth.accountId))!.organizationAdmin).toBe(true);
    // Two administrators: one may step down (oneself included), the other is then the last.
    await setOrganizationAdmin(by, by.userId, false);
    expect(await isAdmin(by.organizationId, by.userId)).toBe(false);
    const second = { userId, organizationId: by.organizationId };
    expect(await codeOf(() => setOrganizationAdmin(second, userId, false))).toBe("FORBIDDEN");
    await setOrganizationAdmin(second, by.userId, true);

    // Someone who is not a member of this organization (another's administrator): NOT_FOUND.
    expect(await codeOf(() => setOrganizationAdmin(by, other.auth.userId, true))).toBe("NOT_FOUND");
    expect(await isAdmin(other.auth.organizationId, other.auth.userId)).toBe(true);
    expect(await isAdmin(by.organizationId, other.auth.userId)).toBeUndefined();
  });

  it("a new administrator without the second factor the organization requires loses their sessions", async () => {
    const owner = await createTestAccount();
    const by = { userId: owner.auth.userId, organizationId: owner.auth.organizationId };
    const { userId } = await inviteUser({
      accountId: owner.auth.accountId,
      email: `promovida-${Date.now()}@test.local`,
      roles: ["viewer"],
    });
    await database.prisma.organization.update({
      where: { id: by.organizationId },
      data: { requireSecondFactor: true },
    });
    await issueRefreshToken((await loadActiveUser(userId, owner.auth.accountId))!, "TesteCF");
    await new Promise((resolve) => setTimeout(resolve, 2));
    await setOrganizationAdmin(by, userId, true);
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.sessionsValidAfter).toBeGreaterThan(0n);
    expect(await database.prisma.refreshToken.count({ where: { userId, revokedAt: null } })).toBe(0);
  });

  it("a company role of approver or administrator without the required second factor ends the person's sessions; operator does not", async () => {
    const owner = await createTestAccount();
    const { userId } = await inviteUser({
      accountId: owner.auth.accountId,
      email: `aprobadora-${Date.now()}@test.local`,
      roles: ["viewer"],
    });
    await database.prisma.organization.update({
      where: { id: owner.auth.organizationId },
      data: { requireSecondFactor: true },
    });
    const sessions = async () =>
      (await database.prisma.user.findUniqueOrThrow({ where: { id: userId } })).sessionsValidAfter;
    await issueRefreshToken((await loadActiveUser(userId, owner.auth.accountId))!, "TesteCF");
    await setMemberRoles(owner.auth.accountId, userId, ["operator"]);
    expect(await sessions()).toBe(0n);
    expect(await database.prisma.refreshToken.count({ where: { userId, revokedAt: null } })).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 2));
    await setMemberRoles(owner.auth.accountId, userId, ["operator", "approver"]);
    expect(await sessions()).toBeGreaterThan(0n);
    expect(await database.prisma.refreshToken.count({ where: { userId, revokedAt: null } })).toBe(0);
  });

  it("removes a member from every company of the organization and revokes their tokens there, nowhere else", async () => {
    const owner = await createTestAccount();
    const by = { userId: owner.auth.userId, organizationId: owner.auth.organizationId };
    const sister = await createCompanyForActor(by, { rnc: freshRnc(true), name: "Hermana SRL" });
    const elsewhere = await createTestAccount();
    const email = `contadora-${Date.now()}@test.local`;
    const { userId } = await inviteUser({ accountId: owner.auth.accountId, email, roles: ["operator"] });
    await inviteUser({ accountId: sister.id, email, roles: ["viewer"] });
    await inviteUser({ accountId: elsewhere.auth.accountId, email, roles: ["operator"] });
    for (const accountId of [owner.auth.accountId, sister.id, elsewhere.auth.accountId]) {
      await issueRefreshToken((await loadActiveUser(userId, accountId))!, "TesteCF");
    }
    const sessionsBefore = (await database.prisma.user.findUniqueOrThrow({ where: { id: userId } }))
      .sessionsValidAfter;

    await removeOrganizationMember(by, userId);

    expect(await loadActiveUser(userId, owner.auth.accountId)).toBeNull();
    expect(await loadActiveUser(userId, sister.id)).toBeNull();
    expect(await isAdmin(by.organizationId, userId)).toBeUndefined();
    const tokens = await database.prisma.refreshToken.findMany({ where: { userId } });
    expect(
      tokens
        .map((token) => [token.accountId, token.revokedAt !== null])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [owner.auth.accountId, true],
        [sister.id, true],
        [elsewhere.auth.accountId, false],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    // Their other organization is untouched: the membership, the session, the person.
    expect((await loadActiveUser(userId, elsewhere.auth.accountId))!.roles).toEqual(["operator"]);
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user).toMatchObject({ disabled: false, sessionsValidAfter: sessionsBefore });
    // Gone already: NOT_FOUND; the other organization's administrator is nobody's to remove here.
    expect(await codeOf(() => removeOrganizationMember(by, userId))).toBe("NOT_FOUND");
    expect(await codeOf(() => removeOrganizationMember(by, elsewhere.auth.userId))).toBe("NOT_FOUND");
  });

  it("refuses removing the last administrator (oneself); with another administrator one may leave", async () => {
    const owner = await createTestAccount();
    const by = { userId: owner.auth.userId, organizationId: owner.auth.organizationId };
    expect(await codeOf(() => removeOrganizationMember(by, by.userId))).toBe("FORBIDDEN");
    expect(await loadActiveUser(by.userId, owner.auth.accountId)).not.toBeNull();
    const { userId } = await inviteUser({
      accountId: owner.auth.accountId,
      email: `relevo-${Date.now()}@test.local`,
      roles: ["administrator"],
    });
    await setOrganizationAdmin(by, userId, true);
    await removeOrganizationMember(by, by.userId);
    expect(await loadActiveUser(by.userId, owner.auth.accountId)).toBeNull();
    const successor = { userId, organizationId: by.organizationId };
    expect(await codeOf(() => removeOrganizationMember(successor, userId))).toBe("FORBIDDEN");
  });
});
