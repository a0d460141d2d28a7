import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { inviteUser, setMemberRoles, setUserDisabled, createCompany } from "@/lib/server/accounts/accounts";
import { removeOrganizationMember, setRequireSecondFactor } from "@/lib/server/accounts/organization-admin";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createApiKey, revokeApiKey } from "@/lib/server/auth/api-keys";
import { signInCustomer } from "@/lib/server/auth/customer-sign-in";
import { issueIdToken, signIdToken } from "@/lib/server/auth/id-token";
import { resetLoginThrottle } from "@/lib/server/auth/login-throttle";
import {
  createServiceAccount,
  rotateServiceAccountSecret,
  setServiceAccountDisabled,
} from "@/lib/server/auth/service-accounts";
import { linkCertificate, uploadCertificate } from "@/lib/server/certificates";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { settleVoid } from "@/lib/server/voids/settle-void";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { byOf, type ActivityBy } from "./record-activity";
import { recordPortalSignIn, resetThrottleLogForTests } from "../../auth/sign-in-activity";

vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined, set: () => {}, delete: () => {} }),
}));

/**
 * Each hooked action writes exactly its entry, with the right actor, company (or organization) and
 * address, and never a secret: one test per action family, through the real use cases (the void
 * ones over real HTTP and the DGII simulator).
 */
let app: VoidTestApp;
let admin: TestAccount;
let by: ActivityBy;
/** Every secret handed out in this file: none may appear in any entry. */
const secrets: string[] = [];
let sequence = 700_000;

const db = () => app.db.prisma;

async function entriesOf(where: { accountId?: string | null; organizationId?: string }, action: string) {
  return db().activityLogEntry.findMany({ where: { ...where, action }, orderBy: { createdAt: "asc" } });
}

async function newEntries<T>(
  call: () => Promise<T>,
): Promise<{ result: T; entries: Awaited<ReturnType<typeof entriesOf>> }> {
  const before = new Set(
    (await db().activityLogEntry.findMany({ select: { id: true } })).map((row) => row.id),
  );
  const result = await call();
  const entries = (await db().activityLogEntry.findMany({ orderBy: { createdAt: "asc" } })).filter(
    (row) => !before.has(row.id),
  );
  return { result, entries };
}

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 1_500, responseTimeoutMs: 4_000 });
  admin = await createTestAccount({ certificate: true });
  secrets.push(admin.password, admin.idToken);
  by = byOf(admin.auth, "198.51.100.4");
}, 60_000);

afterAll(async () => {
  setEnvForTests({ AUTH_MAX_FAILED_LOGINS: undefined });
  await app?.close();
});

describe("sign-ins", () => {
  it("a token, the MSeller sign-in and the portal each write auth.sign_in for the company acted for", async () => {
    const api = await newEntries(() =>
      issueIdToken({ username: admin.auth.email, password: admin.password, clientAddress: "203.0.113.1" }),
    );
    secrets.push(api.result.idToken);
    expect(api.entries).toHaveLength(1);
    expect(api.entries[0]).toMatchObject({
      action: "auth.sign_in",
      accountId: admin.auth.accountId,
      actorType: "user",
      actorId: admin.auth.userId,
      actorLabel: admin.auth.email,
      details: { channel: "api" },
      ip: "203.0.113.1",
    });
    const mseller = await newEntries(() =>
      signInCustomer({ username: admin.auth.email, password: admin.password, environment: "CerteCF" }),
    );
    secrets.push(mseller.result.idToken, mseller.result.refreshToken);
    expect(mseller.entries).toHaveLength(1);
    expect(mseller.entries[0]).toMatchObject({
      action: "auth.sign_in",
      accountId: admin.auth.accountId,
      environment: "CerteCF",
      details: { channel: "mseller" },
      ip: null,
    });
    const portal = await newEntries(() => recordPortalSignIn(admin.auth.userId, "203.0.113.2"));
    expect(portal.entries.map((entry) => [entry.action, entry.accountId, entry.ip])).toEqual([
      ["auth.sign_in", admin.auth.accountId, "203.0.113.2"],
    ]);
  });

  it("a wrong password is auth.sign_in_failed in the person's home organization; a throttled one is logged once", async () => {
    const person = await createTestAccount();
    const failed = await newEntries(() =>
      issueIdToken({
        username: person.auth.email,
        password: "wrong-password-1",
        clientAddress: "203.0.113.9",
      }).catch((error: unknown) => error),
    );
    expect(failed.entries).toHaveLength(1);
    expect(failed.entries[0]).toMatchObject({
      action: "auth.sign_in_failed",
      accountId: null,
      organizationId: person.auth.organizationId,
      actorId: person.auth.userId,
      subjectId: person.auth.userId,
      details: { reason: "wrong_password" },
      ip: "203.0.113.9",
    });
    // An unknown username writes nothing (no one could read it; attackers would pick the growth).
    const unknown = await newEntries(() =>
      issueIdToken({ username: "nobody@nowhere.do", password: "x", clientAddress: "203.0.113.9" }).catch(
        (error: unknown) => error,
      ),
    );
    expect(unknown.entries).toEqual([]);

    setEnvForTests({ AUTH_MAX_FAILED_LOGINS: "1" });
    await resetLoginThrottle();
    resetThrottleLogForTests();
    try {
      const attempt = () =>
        issueIdToken({
          username: person.auth.email,
          password: "wrong-password-2",
          clientAddress: "203.0.113.10",
        }).catch((error: unknown) => (error as { code?: string }).code);
      expect(await attempt()).toBe("INVALID_CREDENTIALS");
      const throttled = await newEntries(async () => [await attempt(), await attempt()]);
      expect(throttled.result).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);
      expect(throttled.entries.map((entry) => [entry.action, entry.organizationId, entry.ip])).toEqual([
        ["auth.sign_in_throttled", person.auth.organizationId, "203.0.113.10"],
      ]);
    } finally {
      setEnvForTests({ AUTH_MAX_FAILED_LOGINS: undefined });
      await resetLoginThrottle();
    }
  });
});

describe("API keys and service accounts", () => {
  it("api_key.created and api_key.revoked (once) with the key's prefix, never the key", async () => {
    const created = await newEntries(() => createApiKey(admin.auth.accountId, "ERP", { by }));
    secrets.push(created.result.key);
    expect(created.entries).toHaveLength(1);
    expect(created.entries[0]).toMatchObject({
      action: "api_key.created",
      accountId: admin.auth.accountId,
      actorId: admin.auth.userId,
      subjectType: "api-key",
      subjectId: created.result.id,
      details: { name: "ERP", prefix: created.result.prefix, environment: null },
      ip: "198.51.100.4",
    });
    const revoked = await newEntries(() => revokeApiKey(admin.auth.accountId, created.result.id, by));
    expect(revoked.entries.map((entry) => [entry.action, entry.subjectId])).toEqual([
      ["api_key.revoked", created.result.id],
    ]);
    const again = await newEntries(() => revokeApiKey(admin.auth.accountId, created.result.id, by));
    expect(again.entries).toEqual([]);
  });

  it("service_account.created, secret_rotated, revoked and a failed sign-in, in the company's log", async () => {
    const created = await newEntries(() =>
      createServiceAccount(admin.auth.accountId, { name: "ERP nómina", scopes: ["voids:send"], by }),
    );
    secrets.push(created.result.secret);
    expect(created.entries.map((entry) => [entry.action, entry.accountId, entry.subjectId])).toEqual([
      ["service_account.created", admin.auth.accountId, created.result.id],
    ]);
    expect(created.entries[0]!.details).toMatchObject({
      clientId: created.result.clientId,
      scopes: ["voids:send"],
    });
    const rotated = await newEntries(() =>
      rotateServiceAccountSecret(admin.auth.accountId, created.result.id, 0, by),
    );
    secrets.push(rotated.result.secret);
    expect(rotated.entries.map((entry) => entry.action)).toEqual(["service_account.secret_rotated"]);
    const wrong = await newEntries(() =>
      issueIdToken({ username: created.result.clientId, password: created.result.secret }).catch(() => null),
    );
    expect(
      wrong.entries.map((entry) => [entry.action, entry.accountId, entry.actorType, entry.details]),
    ).toEqual([["auth.sign_in_failed", admin.auth.accountId, "service-account", { reason: "wrong_secret" }]]);
    const disabled = await newEntries(() =>
      setServiceAccountDisabled(admin.auth.accountId, created.result.id, true, by),
    );
    expect(disabled.entries.map((entry) => entry.action)).toEqual(["service_account.revoked"]);
  });
});

describe("certificates", () => {
  it("certificate.uploaded in the company; certificate.activated where a sister company links it", async () => {
    const p12Password = "p12-secret-password";
    secrets.push(p12Password);
    const { p12 } = generatePkcs12({ rnc: admin.auth.rnc, password: p12Password });
    const uploaded = await newEntries(() =>
      uploadCertificate(admin.auth.accountId, p12, p12Password, { by }),
    );
    expect(uploaded.entries).toHaveLength(1);
    expect(uploaded.entries[0]).toMatchObject({
      action: "certificate.uploaded",
      accountId: admin.auth.accountId,
      subjectId: uploaded.result.id,
      details: { holderId: admin.auth.rnc, active: true },
    });
    const sister = await createCompany({
      organizationId: admin.auth.organizationId,
      rnc: "131990011",
      name: "Hermana",
    });
    const linked = await newEntries(() => linkCertificate(sister.id, uploaded.result.id, by));
    expect(linked.entries.map((entry) => [entry.action, entry.accountId, entry.subjectId])).toEqual([
      ["certificate.activated", sister.id, uploaded.result.id],
    ]);
  });
});

describe("people and policies", () => {
  it("user.invited, user.roles_changed, user.disabled; the second-factor rule is policy.changed", async () => {
    const invited = await newEntries(() =>
      inviteUser({ accountId: admin.auth.accountId, email: "nueva@empresa.do", roles: ["viewer"], by }),
    );
    secrets.push(invited.result.temporaryPassword!);
    expect(invited.entries).toHaveLength(1);
    expect(invited.entries[0]).toMatchObject({
      action: "user.invited",
      accountId: admin.auth.accountId,
      subjectId: invited.result.userId,
      details: { email: "nueva@empresa.do", roles: ["viewer"], newAccount: true },
    });
    const roles = await newEntries(() =>
      setMemberRoles(admin.auth.accountId, invited.result.userId, ["operator", "viewer"], by),
    );
    expect(roles.entries.map((entry) => [entry.action, entry.details])).toEqual([
      [
        "user.roles_changed",
        { email: "nueva@empresa.do", before: ["viewer"], after: ["operator", "viewer"] },
      ],
    ]);
    const disabled = await newEntries(() => setUserDisabled(invited.result.userId, true, by));
    expect(disabled.entries.map((entry) => [entry.action, entry.accountId, entry.organizationId])).toEqual([
      ["user.disabled", null, admin.auth.organizationId],
    ]);
    const rule = await newEntries(() => setRequireSecondFactor(admin.auth.organizationId, true, by));
    expect(rule.entries.map((entry) => [entry.action, entry.accountId, entry.details])).toEqual([
      ["policy.changed", null, { policy: "requireSecondFactor", before: false, after: true }],
    ]);
    await setRequireSecondFactor(admin.auth.organizationId, false, by);
    const removed = await newEntries(() =>
      removeOrganizationMember({ ...admin.auth, ip: "198.51.100.4" }, invited.result.userId),
    );
    expect(
      removed.entries.map((entry) => [entry.action, entry.accountId, entry.actorLabel, entry.ip]),
    ).toEqual([["user.removed", null, admin.auth.email, "198.51.100.4"]]);
  });
});

describe("voids", () => {
  function freshRange() {
    sequence += 1000;
    return {
      secuenciaDesde: `E31${String(sequence + 1).padStart(10, "0")}`,
      secuenciaHasta: `E31${String(sequence + 3).padStart(10, "0")}`,
    };
  }

  it("void.sent once DGII answered; void.settled when a person records the outcome", async () => {
    // A fresh token: turning the second-factor rule on above ended the administrator's sessions.
    const token = await signIdToken(admin.auth);
    const sent = await newEntries(() =>
      app.call("POST", "/TesteCF/customer/void-ncf", {
        token,
        body: { ranges: [freshRange()] },
      }),
    );
    expect(sent.result.body).toMatchObject({ status: "Aceptado" });
    expect(sent.result.status).toBe(200);
    expect(sent.entries.map((entry) => entry.action)).toEqual(["void.sent"]);
    expect(sent.entries[0]).toMatchObject({
      accountId: admin.auth.accountId,
      environment: "TesteCF",
      subjectType: "void",
      subjectId: sent.result.body.voidId,
      details: { status: "Aceptado", totalVoided: 3, rangeCount: 1 },
    });
    expect(sent.entries[0]!.actorLabel).toContain(admin.auth.email);
    expect(sent.entries[0]).toMatchObject({ actorType: "user", actorId: admin.auth.userId });

    app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
    const unknown = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token,
      body: { ranges: [freshRange()] },
    });
    app.simulator.admin.clearFaults();
    expect(unknown.status).toBe(502);
    const voidId = unknown.body.voidId as string;
    expect((await entriesOf({ accountId: admin.auth.accountId }, "void.sent")).at(-1)).toMatchObject({
      subjectId: voidId,
      details: { status: "Error" },
    });
    const settled = await newEntries(() =>
      settleVoid({
        accountId: admin.auth.accountId,
        environment: "TesteCF",
        voidId,
        outcome: "Aceptado",
        note: "Aparece en la OFV.",
        userId: admin.auth.userId,
        by: `${admin.auth.email} (portal)`,
        activityBy: by,
      }),
    );
    expect(
      settled.entries.map((entry) => [entry.action, entry.subjectId, entry.actorId, entry.details]),
    ).toEqual([
      ["void.settled", voidId, admin.auth.userId, { via: "manual", status: "Aceptado", evidence: false }],
    ]);
  });
});

describe("no secret in any entry", () => {
  it("none of the passwords, keys, secrets or tokens handed out above is in the log", async () => {
    const all = await db().activityLogEntry.findMany();
    expect(all.length).toBeGreaterThan(10);
    const text = JSON.stringify(all, (_key, value: unknown) =>
      typeof value === "bigint" ? String(value) : value,
    );
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
