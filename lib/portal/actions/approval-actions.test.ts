import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { encodeRanges } from "@/lib/domain/draft-codec";
import type { CompanyRole } from "@/lib/domain/roles";
import { format } from "@/lib/i18n";
import { es } from "@/lib/i18n/es";
import { voidApprovalOf } from "@/lib/portal/void-approval";
import { createUser } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getApprovalPolicy } from "@/lib/server/approvals/approval-policy";
import { countPendingForApprover, getVoidRequest } from "@/lib/server/approvals/list-void-requests";
import { createServiceAccount, listServiceAccounts } from "@/lib/server/auth/service-accounts";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import { findVoid } from "@/lib/server/voids/void-repository";

import {
  approveVoidRequestAction,
  rejectVoidRequestAction,
  setApprovalPolicyAction,
} from "./approval-actions";
import { setServiceAccountSendWithoutApprovalAction } from "./service-account-actions";
import { submitVoid } from "./void-actions";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * Approvals from the portal's side: the policy's switch (refused under two approvers),
 * the void tool's submit becoming a request under the policy (nothing signed or sent), an approver
 * other than the requester approving (the void is sent through the simulator and records both
 * people) or rejecting with a reason, and the service accounts' exemption — each action checking
 * who may take it.
 */
let app: VoidTestApp;
let admin: TestAccount;
type Member = { userId: string; email: string };
let operator: Member;
let approver: Member;

const e31 = (n: number) => `E31${String(n).padStart(10, "0")}`;
const wire = (desde: number, hasta: number) =>
  encodeRanges([{ secuenciaDesde: e31(desde), secuenciaHasta: e31(hasta) }]);
/** The portal requires a reason (DGII's 608 code and text). */
const REASON = { code: "04", text: "Secuencias de prueba" };
const as = (who: { userId: string }) => {
  setSession({ userId: who.userId, signedInAt: Date.now() });
};

async function addMember(email: string, roles: CompanyRole[]): Promise<Member> {
  const user = await createUser({
    accountId: admin.auth.accountId,
    email,
    password: "test-password-1",
    roles,
  });
  return { userId: user.id, email };
}

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
  admin = await createTestAccount({ certificate: true });
  operator = await addMember(`operadora-${admin.auth.rnc}@test.local`, ["operator"]);
});
afterAll(async () => app?.close());

describe("the approval policy's switch", () => {
  it("is refused with fewer than two approvers, saying how many there are, and nothing is stored", async () => {
    as(admin.auth);
    const refused = await setApprovalPolicyAction({
      environment: "TesteCF",
      enabled: true,
      minSequences: null,
    });
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/al menos 2 personas/);
    expect(refused.message).toMatch(/hay 1/);
    expect((await getApprovalPolicy(admin.auth.accountId, "TesteCF")).enabled).toBe(false);
  });

  it("is the administrators' only", async () => {
    as(operator);
    await expect(
      setApprovalPolicyAction({ environment: "TesteCF", enabled: false, minSequences: null }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("switches on once a second person can approve, and off again", async () => {
    approver = await addMember(`aprobador-${admin.auth.rnc}@test.local`, ["approver"]);
    as(admin.auth);
    expect(await setApprovalPolicyAction({ environment: "CerteCF", enabled: true, minSequences: 5 })).toEqual(
      {
        ok: true,
        message: format(es.approvals.policy.saved, { environment: "CerteCF" }),
      },
    );
    expect(await getApprovalPolicy(admin.auth.accountId, "CerteCF")).toMatchObject({
      enabled: true,
      minSequences: 5,
      updatedBy: admin.auth.actor,
    });
    expect(
      await setApprovalPolicyAction({ environment: "CerteCF", enabled: false, minSequences: null }),
    ).toEqual({
      ok: true,
      message: format(es.approvals.policy.savedOff, { environment: "CerteCF" }),
    });
    const enabled = await setApprovalPolicyAction({
      environment: "TesteCF",
      enabled: true,
      minSequences: null,
    });
    expect(enabled.ok).toBe(true);
  });
});

describe("the void tool under the policy", () => {
  let requestId: string;

  it("creates a request instead of a void: nothing signed or sent, the fecha left to the approval", async () => {
    as(operator);
    const result = await submitVoid({
      environment: "TesteCF",
      ranges: wire(10, 14),
      expectRequest: true,
      reason: REASON,
      idempotencyKey: "portal-request-1",
    });
    expect(result).toMatchObject({ ok: true, outcome: "requested", environment: "TesteCF", replayed: false });
    if (!result.ok || result.outcome !== "requested") throw new Error("no request");
    requestId = result.requestId;
    const request = await getVoidRequest(admin.auth.accountId, "TesteCF", requestId);
    expect(request).toMatchObject({
      status: "Pendiente",
      totalVoided: 5,
      fechaHoraAnulacion: null,
      reason: REASON,
      requestedByUserId: operator.userId,
      voidId: null,
    });
    expect(request.requestedBy).toContain(operator.email);
    expect(await app.db.prisma.voidRecord.count({ where: { accountId: admin.auth.accountId } })).toBe(0);
    // The same click again (same Idempotency-Key): the same request, not a second one.
    const again = await submitVoid({
      environment: "TesteCF",
      ranges: wire(10, 14),
      expectRequest: true,
      reason: REASON,
      idempotencyKey: "portal-request-1",
    });
    expect(again).toMatchObject({ ok: true, outcome: "requested", requestId, replayed: true });
  });

  it("counts the request in the approvers' badge, never in the requester's own", async () => {
    const adminAuth = (await loadActiveUser(admin.auth.userId, admin.auth.accountId))!;
    const approverAuth = (await loadActiveUser(approver.userId, admin.auth.accountId))!;
    const operatorAuth = (await loadActiveUser(operator.userId, admin.auth.accountId))!;
    expect(await countPendingForApprover(approverAuth, "TesteCF")).toBe(1);
    expect(await countPendingForApprover(adminAuth, "TesteCF")).toBe(1);
    expect(await countPendingForApprover(operatorAuth, "TesteCF")).toBe(0);
  });

  it("sends nothing when the clerk confirmed a request but the policy was switched off meanwhile", async () => {
    as(operator);
    const result = await submitVoid({
      environment: "CerteCF",
      ranges: wire(40, 41),
      expectRequest: true,
      reason: REASON,
      idempotencyKey: "portal-request-changed",
    });
    expect(result).toEqual({
      ok: false,
      code: "APPROVAL_POLICY_CHANGED",
      message: es.approvals.tool.policyChanged,
      status: 409,
    });
    expect(await app.db.prisma.voidRecord.count({ where: { accountId: admin.auth.accountId } })).toBe(0);
  });

  it("refuses a person without the approver role and the requester, whatever their roles", async () => {
    as(operator);
    expect(await approveVoidRequestAction({ requestId, environment: "TesteCF" })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    // The administrator (also approver and operator) asks, then tries to approve their own request.
    as(admin.auth);
    const own = await submitVoid({
      environment: "TesteCF",
      ranges: wire(20, 20),
      expectRequest: true,
      reason: REASON,
      idempotencyKey: "portal-request-own",
    });
    if (!own.ok || own.outcome !== "requested") throw new Error("no request");
    expect(
      await approveVoidRequestAction({ requestId: own.requestId, environment: "TesteCF" }),
    ).toMatchObject({
      ok: false,
      code: "REQUESTER_CANNOT_APPROVE",
      status: 403,
    });
    expect(
      await rejectVoidRequestAction({ requestId: own.requestId, environment: "TesteCF", reason: "no" }),
    ).toMatchObject({ ok: false, code: "REQUESTER_CANNOT_APPROVE" });
    // Another approver rejects it, with a reason (required).
    as(approver);
    expect(
      await rejectVoidRequestAction({ requestId: own.requestId, environment: "TesteCF", reason: "   " }),
    ).toMatchObject({ ok: false, code: "VALIDATION_FAILED" });
    expect(
      await rejectVoidRequestAction({
        requestId: own.requestId,
        environment: "TesteCF",
        reason: "Rango equivocado",
      }),
    ).toEqual({ ok: true });
    expect(await getVoidRequest(admin.auth.accountId, "TesteCF", own.requestId)).toMatchObject({
      status: "Rechazada",
      rejectionReason: "Rango equivocado",
      decidedByUserId: approver.userId,
    });
    expect(
      await approveVoidRequestAction({ requestId: own.requestId, environment: "TesteCF" }),
    ).toMatchObject({ ok: false, code: "VOID_REQUEST_NOT_PENDING" });
  });

  it("an approver approves: the void is sent (Aceptado) and records the requester and the approver", async () => {
    as(approver);
    const approved = await approveVoidRequestAction({ requestId, environment: "TesteCF" });
    expect(approved).toMatchObject({ ok: true, environment: "TesteCF", status: "Aceptado" });
    if (!approved.ok) throw new Error(approved.message);
    const record = await findVoid(admin.auth.accountId, "TesteCF", approved.voidId);
    // The request's reason travels to the void that is sent.
    expect(record).toMatchObject({ status: "Aceptado", totalVoided: 5, reason: REASON });
    expect(record!.ranges[0]).toMatchObject({ secuenciaDesde: e31(10), secuenciaHasta: e31(14) });
    const facts = await voidApprovalOf(admin.auth.accountId, approved.voidId);
    expect(facts).toMatchObject({ requestId, environment: "TesteCF", approvedBy: approver.email });
    expect(facts!.requestedBy).toContain(operator.email);
    expect(await getVoidRequest(admin.auth.accountId, "TesteCF", requestId)).toMatchObject({
      status: "Enviada",
      voidId: approved.voidId,
    });
    // Another company never sees it.
    const other = await createTestAccount();
    expect(await voidApprovalOf(other.auth.accountId, approved.voidId)).toBeNull();
  });

  it("an unknown or malformed request id is not found", async () => {
    as(approver);
    expect(await approveVoidRequestAction({ requestId: "../x", environment: "TesteCF" })).toMatchObject({
      ok: false,
      code: "VOID_REQUEST_NOT_FOUND",
    });
    expect(
      await approveVoidRequestAction({
        requestId: "0190f000-0000-7000-8000-000000000000",
        environment: "eCF",
      }),
    ).toMatchObject({ ok: false, code: "VOID_REQUEST_NOT_FOUND" });
  });
});

describe("a service account's exemption from the policy", () => {
  it("an administrator grants and revokes it; an operator cannot", async () => {
    const service = await createServiceAccount(admin.auth.accountId, { name: "ERP", scopes: ["voids:send"] });
    as(operator);
    await expect(setServiceAccountSendWithoutApprovalAction(service.id, true)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    as(admin.auth);
    expect(await setServiceAccountSendWithoutApprovalAction(service.id, true)).toEqual({
      ok: true,
      message: "",
    });
    const listed = async () =>
      (await listServiceAccounts(admin.auth.accountId)).find((row) => row.id === service.id)!;
    expect((await listed()).sendWithoutApproval).toBe(true);
    expect(await setServiceAccountSendWithoutApprovalAction(service.id, false)).toEqual({
      ok: true,
      message: "",
    });
    expect((await listed()).sendWithoutApproval).toBe(false);
    // Another company's service account: not found.
    const other = await createTestAccount();
    const foreign = await createServiceAccount(other.auth.accountId, { name: "X", scopes: ["voids:send"] });
    expect(await setServiceAccountSendWithoutApprovalAction(foreign.id, true)).toMatchObject({ ok: false });
  });
});
