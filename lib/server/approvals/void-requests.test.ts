import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isValidFechaHora } from "@/lib/domain/fecha";
import type { TestAccount } from "@/lib/server/accounts/test-fixtures";
import { issueIdToken } from "@/lib/server/auth";
import { createServiceAccount } from "@/lib/server/auth/service-accounts";

import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { resetServiceStatusForTests } from "@/lib/server/platform/taxauth/service-status";
import { errorResponseSchema } from "@/lib/schemas/error-response";
import { voidRecordSchema } from "@/lib/schemas/void-ncf-responses";
import {
  voidApprovedAcceptedResponseSchema,
  voidRequestHeldResponseSchema,
  voidRequestListResponseSchema,
  voidRequestSchema,
} from "@/lib/schemas/void-requests";

import { setApprovalPolicy } from "./approval-policy";
import {
  expireVoidRequests,
  INTERRUPTED_APPROVAL_MS,
  recoverInterruptedApprovals,
} from "./expire-void-requests";
import { countPendingForApprover } from "./list-void-requests";
import { setServiceAccountSendWithoutApproval } from "./service-account-bypass";
import {
  addPerson,
  createCompany,
  freshRange,
  startApprovalsTestApp,
  type ApprovalsTestApp,
  type Person,
} from "./testing/approvals-test-app";

/**
 * Approvals through the real routes (POST void-ncf, void-requests list/get/approve/reject) with the
 * DGII simulator over HTTP: what is held, in which order the checks answer, what an approval sends
 * and records, rejection, expiry, the service-account exemption, Idempotency-Key and isolation.
 */

let t: ApprovalsTestApp;
let company: TestAccount;
/** Operator: asks for voids. */
let clerk: Person;
/** Approver only. */
let ana: Person;
/** Approver and operator: asks, and approves others' requests. */
let luis: Person;

const post = (token: string, body: unknown, headers: Record<string, string> = {}, env = "TesteCF") =>
  t.call("POST", `/${env}/customer/void-ncf`, { token, body, headers });
const approve = (token: string, requestId: string, env = "TesteCF") =>
  t.call("POST", `/${env}/customer/void-requests/${requestId}/approve`, { token });
const reject = (token: string, requestId: string, body: unknown) =>
  t.call("POST", `/TesteCF/customer/void-requests/${requestId}/reject`, { token, body });
const getRequest = (token: string, requestId: string, env = "TesteCF") =>
  t.call("GET", `/${env}/customer/void-requests/${requestId}`, { token });
const sent = () => t.app.simulator.admin.callCounts().anularrango ?? 0;
const voidCount = () => t.app.db.prisma.voidRecord.count({ where: { accountId: company.auth.accountId } });
const requestRow = (id: string) => t.app.db.prisma.voidRequest.findUniqueOrThrow({ where: { id } });
const logged = (action: string, subjectId: string) =>
  t.app.db.prisma.activityLogEntry.findMany({ where: { action, subjectId } });

/** The answer fits the schema the OpenAPI document names for it. */
function documented(schema: { safeParse(value: unknown): { error?: { issues: unknown[] } } }, body: unknown) {
  expect(schema.safeParse(body).error?.issues ?? []).toEqual([]);
}

/** A held request of `person` for `range`: its id. */
async function requestVoid(person: Person, range = freshRange(), extra: Record<string, unknown> = {}) {
  const answer = await post(person.idToken, { ranges: [range], ...extra });
  expect(answer.status).toBe(409);
  return answer.body.requestId as string;
}

beforeAll(async () => {
  t = await startApprovalsTestApp();
  company = await createCompany();
  clerk = await addPerson(company, ["operator"]);
  ana = await addPerson(company, ["approver"]);
  luis = await addPerson(company, ["approver", "operator"]);
  await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: true, minSequences: null });
}, 120_000);
afterAll(async () => t?.close());

describe("POST void-ncf under the policy", () => {
  it("answers 409 APPROVAL_REQUIRED with the request's id; nothing is signed, stored as a void or sent", async () => {
    const before = { sent: sent(), voids: await voidCount() };
    const range = freshRange(3);
    const answer = await post(clerk.idToken, { ranges: [range] });
    expect(answer.status).toBe(409);
    const requestId = answer.body.requestId as string;
    expect(answer.body).toEqual({
      message: expect.stringContaining(requestId),
      code: "APPROVAL_REQUIRED",
      requestId,
    });
    expect(answer.headers.get("location")).toBe(`/TesteCF/customer/void-requests/${requestId}`);
    documented(errorResponseSchema, answer.body);
    expect({ sent: sent(), voids: await voidCount() }).toEqual(before);
    // The spec's void list is unchanged.
    const list = await t.app.call("GET", "/TesteCF/customer/void-ncf", { token: clerk.idToken });
    expect(JSON.stringify(list.body)).not.toContain(range.secuenciaDesde);

    const row = await requestRow(requestId);
    expect(row).toMatchObject({
      accountId: company.auth.accountId,
      environment: "TesteCF",
      status: "Pendiente",
      totalVoided: 3n,
      rangeCount: 1,
      requestedByUserId: clerk.auth.userId,
      requestedBy: `${clerk.auth.actor} (API)`,
      fechaHoraAnulacion: null,
      reasonCode: null,
      voidId: null,
    });
    expect(Number(row.expiresAt) - Number(row.requestedAt)).toBe(7 * 24 * 3_600_000);
    // No authorization entered: the stored checks say the range's type was not checked against any.
    expect(row.checks).toMatchObject({ warnings: [], unauthorized: [range.secuenciaDesde.slice(0, 3)] });
    expect(await logged("void.requested", requestId)).toEqual([
      expect.objectContaining({ actorType: "user", actorId: clerk.auth.userId, environment: "TesteCF" }),
    ]);
  });

  it("answers 202 with the request to a client that sends Prefer: respond-async", async () => {
    const range = freshRange(2);
    const answer = await post(
      clerk.idToken,
      { ranges: [range], motivo: { codigo: "04", descripcion: "Corrección" } },
      { prefer: "wait=5, respond-async" },
    );
    expect(answer.status).toBe(202);
    documented(voidRequestHeldResponseSchema, answer.body);
    expect(answer.headers.get("preference-applied")).toBe("respond-async");
    expect(answer.headers.get("location")).toBe(`/TesteCF/customer/void-requests/${answer.body.requestId}`);
    expect(answer.body).toMatchObject({
      status: "Pendiente",
      environment: "TesteCF",
      totalVoided: 2,
      rangeCount: 1,
      ranges: [{ tipoeCF: "31", ...range, cantidad: 2 }],
      motivo: { codigo: "04", descripcion: "Corrección" },
      fechaHoraAnulacion: null,
      requestedBy: `${clerk.auth.actor} (API)`,
      voidId: null,
      decidedBy: null,
    });
  });

  it("honours Idempotency-Key: the same body answers the same request, another body 409 IDEMPOTENCY_KEY_REUSED", async () => {
    const body = { ranges: [freshRange(4)] };
    const headers = { "idempotency-key": "request-key-1" };
    const first = await post(clerk.idToken, body, headers);
    const again = await post(clerk.idToken, body, headers);
    const asAsync = await post(clerk.idToken, body, { ...headers, prefer: "respond-async" });
    expect(first.status).toBe(409);
    expect(again.body.requestId).toBe(first.body.requestId);
    expect(asAsync).toMatchObject({ status: 202, body: { requestId: first.body.requestId } });
    expect(await t.app.db.prisma.voidRequest.count({ where: { idempotencyKey: "request-key-1" } })).toBe(1);
    const other = await post(clerk.idToken, { ranges: [freshRange(4)] }, headers);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", requestId: first.body.requestId });
  });

  it("makes one request for concurrent posts with one Idempotency-Key", async () => {
    const body = { ranges: [freshRange(2)] };
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(clerk.idToken, body, { "idempotency-key": "request-race" })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([409, 409, 409]);
    expect(new Set(answers.map((answer) => answer.body.requestId)).size).toBe(1);
    expect(await t.app.db.prisma.voidRequest.count({ where: { idempotencyKey: "request-race" } })).toBe(1);
  });

  it("keeps the flow's order: 400, ALREADY_VOIDED, SEQUENCE_USED and 412 answer before any request is stored", async () => {
    const requests = () => t.app.db.prisma.voidRequest.count();
    const before = await requests();
    const invalid = await post(clerk.idToken, { ranges: [{ secuenciaDesde: "E31", secuenciaHasta: "x" }] });
    expect(invalid.status).toBe(400);

    // An accepted void (approved) makes its range ALREADY_VOIDED for a new request.
    const range = freshRange(2);
    const requestId = await requestVoid(clerk, range);
    expect((await approve(ana.idToken, requestId)).status).toBe(200);
    const voided = await post(clerk.idToken, { ranges: [range] });
    expect(voided).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED" } });

    const used = freshRange(3);
    const imported = await t.call("POST", "/TesteCF/documentos-ecf/import", {
      token: clerk.idToken,
      headers: { "x-api-key": company.apiKey! },
      body: { documents: [{ ncf: used.secuenciaHasta, status: "Aceptado" }] },
    });
    expect(imported.status).toBe(200);
    const usedAnswer = await post(clerk.idToken, { ranges: [used] });
    expect(usedAnswer).toMatchObject({ status: 409, body: { code: "SEQUENCE_USED" } });
    expect(await requests()).toBe(before + 1); // only the approved one

    // A company without a certificate: 412, no request.
    const bare = await createCompany();
    await t.app.db.prisma.companyCertificate.deleteMany({ where: { accountId: bare.auth.accountId } });
    const bareClerk = await addPerson(bare, ["operator"]);
    await addPerson(bare, ["approver"]);
    await addPerson(bare, ["approver"]);
    await setApprovalPolicy(bare.auth, { environment: "TesteCF", enabled: true, minSequences: null });
    const noCertificate = await post(bareClerk.idToken, { ranges: [freshRange()] });
    expect(noCertificate).toMatchObject({ status: 412, body: { code: "CERTIFICATE_NOT_CONFIGURED" } });
    expect(await t.app.db.prisma.voidRequest.count({ where: { accountId: bare.auth.accountId } })).toBe(0);
  });

  it("holds only voids above minSequences, and only in the policy's environments", async () => {
    await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: true, minSequences: 10 });
    try {
      expect((await post(clerk.idToken, { ranges: [freshRange(10)] })).status).toBe(200);
      expect(await post(clerk.idToken, { ranges: [freshRange(11)] })).toMatchObject({
        status: 409,
        body: { code: "APPROVAL_REQUIRED" },
      });
    } finally {
      await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: true, minSequences: null });
    }
    // CerteCF has no policy: sent at once (the simulator's CerteCF rejects unauthorized numbers: 422).
    const before = sent();
    const other = await post(clerk.idToken, { ranges: [freshRange(1)] }, {}, "CerteCF");
    expect(other).toMatchObject({ status: 422, body: { status: "Rechazado", voidId: expect.any(String) } });
    expect(other.body.requestId).toBeUndefined();
    expect(sent()).toBe(before + 1);
  });

  it("leaves the spec's 200 untouched with the policy off, and a request's key still answers its request", async () => {
    const heldBody = { ranges: [freshRange(2)] };
    const held = await post(clerk.idToken, heldBody, { "idempotency-key": "kept-key" });
    expect(held.status).toBe(409);
    await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: false, minSequences: null });
    try {
      const answer = await post(clerk.idToken, { ranges: [freshRange(2)] });
      expect(answer).toMatchObject({ status: 200, body: { status: "Aceptado" } });
      expect(answer.body.requestId).toBeUndefined();
      const replay = await post(clerk.idToken, heldBody, { "idempotency-key": "kept-key" });
      expect(replay).toMatchObject({
        status: 409,
        body: { code: "APPROVAL_REQUIRED", requestId: held.body.requestId },
      });
    } finally {
      await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: true, minSequences: null });
    }
  });
});

describe("service accounts", () => {
  it("are held like people unless an administrator granted them send without approval", async () => {
    const erp = await createServiceAccount(company.auth.accountId, { name: "ERP", scopes: ["voids:send"] });
    const { idToken } = await issueIdToken({ username: erp.clientId, password: erp.secret });
    const held = await post(idToken, { ranges: [freshRange(2)] });
    expect(held).toMatchObject({ status: 409, body: { code: "APPROVAL_REQUIRED" } });
    expect(await requestRow(held.body.requestId as string)).toMatchObject({
      requestedByUserId: erp.id,
      requestedBy: `ERP (cuenta de servicio ${erp.clientId})`,
    });
    expect(await logged("void.requested", held.body.requestId as string)).toEqual([
      expect.objectContaining({ actorType: "service-account", actorId: erp.id }),
    ]);

    await setServiceAccountSendWithoutApproval(company.auth, erp.id, true);
    const direct = await post(idToken, { ranges: [freshRange(2)] });
    expect(direct).toMatchObject({ status: 200, body: { status: "Aceptado" } });
    const record = await t.app.db.prisma.voidRecord.findUniqueOrThrow({
      where: { id: direct.body.voidId as string },
    });
    expect(record).toMatchObject({ requestId: null, approvedBy: null, approvedAt: null });
    const plain = await t.app.call(
      "GET",
      `/TesteCF/customer/void-ncf?voidId=${direct.body.voidId as string}`,
      {
        token: company.idToken,
      },
    );
    expect(plain.status).toBe(200);
    expect(plain.body.approval).toBeUndefined();

    await setServiceAccountSendWithoutApproval(company.auth, erp.id, false);
    expect((await post(idToken, { ranges: [freshRange(2)] })).status).toBe(409);
  });
});

describe("approving", () => {
  it("sends the void now, through the simulator, recorded with requester and approver; the request is Enviada", async () => {
    const range = freshRange(5);
    const requestId = await requestVoid(clerk, range, {
      fechaHoraAnulacion: "22-11-2026 08:30:00",
      motivo: { codigo: "08", descripcion: "Secuencia saltada" },
    });
    const before = sent();
    const answer = await approve(ana.idToken, requestId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: "Aceptado",
      requestId,
      totalVoided: 5,
      fechaHoraAnulacion: "22-11-2026 08:30:00",
      ranges: [{ tipoeCF: "31", ...range, cantidad: 5 }],
    });
    expect(sent()).toBe(before + 1);
    expect(t.app.simulator.admin.voidedRanges("TesteCF", company.auth.rnc)).toEqual(
      expect.arrayContaining([{ from: range.secuenciaDesde, to: range.secuenciaHasta }]),
    );
    const voidId = answer.body.voidId as string;
    const record = await t.app.db.prisma.voidRecord.findUniqueOrThrow({ where: { id: voidId } });
    expect(record).toMatchObject({
      status: "Aceptado",
      requestId,
      approvedByUserId: ana.auth.userId,
      approvedBy: ana.auth.actor,
      createdBy: `${clerk.auth.actor} (API)`,
      fechaHoraAnulacion: "22-11-2026 08:30:00",
      reasonCode: "08",
      reasonText: "Secuencia saltada",
    });
    expect(record.approvedAt).not.toBeNull();
    documented(voidApprovedAcceptedResponseSchema, answer.body);
    // The void record says who asked (createdBy) and who approved it (extension `approval`).
    const listed = await t.app.call("GET", `/TesteCF/customer/void-ncf?voidId=${voidId}`, {
      token: clerk.idToken,
    });
    expect(listed.body).toMatchObject({
      createdBy: `${clerk.auth.actor} (API)`,
      approval: { requestId, approvedBy: ana.auth.actor, approvedAt: Number(record.approvedAt) },
    });
    documented(voidRecordSchema, listed.body);

    const request = await getRequest(clerk.idToken, requestId);
    documented(voidRequestSchema, request.body);
    expect(request.body).toMatchObject({
      status: "Enviada",
      voidId,
      decidedBy: ana.auth.actor,
      decidedAt: expect.any(Number),
      motivo: { codigo: "08", descripcion: "Secuencia saltada" },
    });
    expect(await logged("void.approved", requestId)).toEqual([
      expect.objectContaining({
        actorId: ana.auth.userId,
        details: expect.objectContaining({ voidId, status: "Aceptado" }),
      }),
    ]);
    // The approval is what sent it: "void.sent" names the approver by id, not only the requester's label.
    expect(await logged("void.sent", voidId)).toEqual([
      expect.objectContaining({ actorType: "user", actorId: ana.auth.userId }),
    ]);
    // Once sent it cannot be decided again.
    expect(await approve(luis.idToken, requestId)).toMatchObject({
      status: 409,
      body: { code: "VOID_REQUEST_NOT_PENDING", status: "Enviada" },
    });
  });

  it("two approvers at once: one sends, the other gets 409 VOID_REQUEST_NOT_PENDING", async () => {
    const requestId = await requestVoid(clerk);
    const before = sent();
    const answers = await Promise.all([approve(ana.idToken, requestId), approve(luis.idToken, requestId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe("VOID_REQUEST_NOT_PENDING");
    expect(sent()).toBe(before + 1);
    expect(await t.app.db.prisma.voidRecord.count({ where: { requestId } })).toBe(1);
    expect(await logged("void.approved", requestId)).toHaveLength(1);
  });

  it("signs the approval's instant when the requester fixed no fecha", async () => {
    const requestId = await requestVoid(clerk);
    const answer = await approve(ana.idToken, requestId);
    expect(answer.status).toBe(200);
    expect(isValidFechaHora(answer.body.fechaHoraAnulacion as string)).toBe(true);
    expect((await requestRow(requestId)).fechaHoraAnulacion).toBeNull();
  });

  it("is never the requester's (403 REQUESTER_CANNOT_APPROVE) nor a non-approver's (403 FORBIDDEN)", async () => {
    const requestId = await requestVoid(luis);
    const before = sent();
    expect(await approve(luis.idToken, requestId)).toMatchObject({
      status: 403,
      body: { code: "REQUESTER_CANNOT_APPROVE" },
    });
    expect(await reject(luis.idToken, requestId, { reason: "mío" })).toMatchObject({
      status: 403,
      body: { code: "REQUESTER_CANNOT_APPROVE" },
    });
    expect(await approve(clerk.idToken, requestId)).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
    expect(await approve(company.idToken, requestId)).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
    expect(sent()).toBe(before);
    expect((await requestRow(requestId)).status).toBe("Pendiente");
    expect((await approve(ana.idToken, requestId)).status).toBe(200);
  });

  it("reads its body: one that is not JSON is 400 INVALID_JSON, nothing sent; none, or {}, approves", async () => {
    const requestId = await requestVoid(clerk, freshRange(2));
    const before = { sent: sent(), voids: await voidCount() };
    for (const garbage of ["approve please", "{", "\u0000"]) {
      const response = await fetch(`${t.server.url}/TesteCF/customer/void-requests/${requestId}/approve`, {
        method: "POST",
        headers: { authorization: `Bearer ${ana.idToken}`, "content-type": "application/json" },
        body: garbage,
      });
      expect(response.status, garbage).toBe(400);
      expect(await response.json()).toMatchObject({ code: "INVALID_JSON" });
    }
    expect({ sent: sent(), voids: await voidCount() }).toEqual(before);
    expect((await getRequest(ana.idToken, requestId)).body).toMatchObject({ status: "Pendiente" });
    const approved = await t.call("POST", `/TesteCF/customer/void-requests/${requestId}/approve`, {
      token: ana.idToken,
      body: {},
    });
    expect(approved.status).toBe(200);
    expect(sent()).toBe(before.sent + 1);
  });

  it("runs the checks again: a range voided meanwhile answers ALREADY_VOIDED and the request stays Pendiente", async () => {
    const range = freshRange(3);
    const first = await requestVoid(clerk, range);
    const second = await requestVoid(luis, range);
    expect((await approve(ana.idToken, first)).status).toBe(200);
    const before = { sent: sent(), voids: await voidCount() };
    const again = await approve(ana.idToken, second);
    expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED" } });
    expect({ sent: sent(), voids: await voidCount() }).toEqual(before);
    const request = await getRequest(ana.idToken, second);
    documented(voidRequestSchema, request.body);
    expect(request.body).toMatchObject({
      status: "Pendiente",
      voidId: null,
      decidedBy: null,
      lastError: { code: "ALREADY_VOIDED", message: expect.stringContaining("ya fue anulado") },
    });
    expect(await logged("void.approved", second)).toHaveLength(0);
    // An approver closes it with a reason.
    expect(await reject(ana.idToken, second, { reason: "Ya anulado en otra solicitud" })).toMatchObject({
      status: 200,
      body: { status: "Rechazada", rejectionReason: "Ya anulado en otra solicitud" },
    });
  });

  it("runs SEQUENCE_USED again: a number imported as issued after the request blocks the approval", async () => {
    const range = freshRange(3);
    const requestId = await requestVoid(clerk, range);
    const imported = await t.call("POST", "/TesteCF/documentos-ecf/import", {
      token: clerk.idToken,
      headers: { "x-api-key": company.apiKey! },
      body: { documents: [{ ncf: range.secuenciaDesde, status: "Aceptado" }] },
    });
    expect(imported.status).toBe(200);
    expect(await approve(ana.idToken, requestId)).toMatchObject({
      status: 409,
      body: { code: "SEQUENCE_USED" },
    });
    expect(await requestRow(requestId)).toMatchObject({ status: "Pendiente", voidId: null });
  });
});

describe("DGII's maintenance window", () => {
  const withStatusKey = (key: string | undefined) => {
    setEnvForTests({
      TAXAUTH_STATUS_API_KEY: key,
      TAXAUTH_STATUS_URL: key ? t.app.simulator.url : undefined,
      TAXAUTH_STATUS_INTERVAL_MS: key ? "60000" : undefined,
    });
    resetServiceStatusForTests();
  };

  it("a request can be made during it; approving answers 503 and keeps it Pendiente until the window ends", async () => {
    withStatusKey("XXXXXXX-XXXXXXX-XXXX-XXXXXXXXXX");
    try {
      const now = Date.now();
      t.app.simulator.admin.addMaintenanceWindow({
        environment: "TesteCF",
        from: now - 60_000,
        to: now + 30 * 60_000,
      });
      // Nothing is sent by a request: the window does not stop it.
      const requestId = await requestVoid(clerk);
      const before = sent();
      const refused = await approve(ana.idToken, requestId);
      expect(refused).toMatchObject({ status: 503, body: { code: "TAXAUTH_UNAVAILABLE" } });
      expect(sent()).toBe(before);
      expect(await requestRow(requestId)).toMatchObject({
        status: "Pendiente",
        decidedBy: null,
        lastError: expect.objectContaining({ code: "TAXAUTH_UNAVAILABLE" }),
      });
      // The window over: the same request is approved and sent.
      t.app.simulator.admin.clearServiceStatus();
      resetServiceStatusForTests();
      expect(await approve(ana.idToken, requestId)).toMatchObject({
        status: 200,
        body: { status: "Aceptado" },
      });
    } finally {
      t.app.simulator.admin.clearServiceStatus();
      withStatusKey(undefined);
    }
  });
});

describe("rejecting", () => {
  it("needs a reason, by an approver; the request is Rechazada, logged, and nothing is sent", async () => {
    const requestId = await requestVoid(clerk);
    const before = sent();
    expect(await reject(ana.idToken, requestId, { reason: "  " })).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    expect(await reject(ana.idToken, requestId, {})).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    expect(await reject(clerk.idToken, requestId, { reason: "no" })).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
    const answer = await reject(ana.idToken, requestId, { reason: "Rango equivocado" });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        requestId,
        status: "Rechazada",
        rejectionReason: "Rango equivocado",
        decidedBy: ana.auth.actor,
      },
    });
    documented(voidRequestSchema, answer.body);
    expect(await logged("void.rejected", requestId)).toEqual([
      expect.objectContaining({
        actorId: ana.auth.userId,
        details: expect.objectContaining({ reason: "Rango equivocado" }),
      }),
    ]);
    const late = await approve(luis.idToken, requestId);
    expect(late).toMatchObject({
      status: 409,
      body: { code: "VOID_REQUEST_NOT_PENDING", status: "Rechazada" },
    });
    documented(errorResponseSchema, late.body);
    expect(sent()).toBe(before);
  });
});

describe("expiry", () => {
  it("a request past its expiry reads Vencida, is logged once, and can no longer be approved", async () => {
    const requestId = await requestVoid(clerk);
    await t.app.db.prisma.voidRequest.update({
      where: { id: requestId },
      data: { expiresAt: BigInt(Date.now() - 1) },
    });
    expect((await getRequest(clerk.idToken, requestId)).body).toMatchObject({ status: "Vencida" });
    expect((await requestRow(requestId)).status).toBe("Vencida");
    expect(await approve(ana.idToken, requestId)).toMatchObject({
      status: 409,
      body: { code: "VOID_REQUEST_NOT_PENDING", status: "Vencida" },
    });
    expect(await logged("void.expired", requestId)).toEqual([
      expect.objectContaining({ actorType: "system", environment: "TesteCF" }),
    ]);
  });

  it("the sweep expires every company's pending requests after 7 days", async () => {
    const requestId = await requestVoid(clerk);
    expect(await expireVoidRequests(t.app.db.prisma, Date.now())).toBe(0);
    const expired = await expireVoidRequests(t.app.db.prisma, Date.now() + 7 * 24 * 3_600_000 + 1);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await requestRow(requestId)).status).toBe("Vencida");
    expect(await logged("void.expired", requestId)).toHaveLength(1);
  });

  it("runs as the recurring job approvals.sweep-void-requests", async () => {
    const { recurringJobs } = await import("@/lib/server/runtime/recurring-jobs");
    const job = recurringJobs().find((candidate) => candidate.name === "approvals.sweep-void-requests");
    expect(job).toMatchObject({ runAtStart: true, periodMs: 5 * 60_000 });
    const requestId = await requestVoid(clerk);
    await t.app.db.prisma.voidRequest.update({ where: { id: requestId }, data: { expiresAt: 1n } });
    await job!.run();
    expect((await requestRow(requestId)).status).toBe("Vencida");
    expect(await logged("void.expired", requestId)).toHaveLength(1);
  });

  it("an approval interrupted before its void existed goes back to Pendiente; one whose void exists is Enviada", async () => {
    const lost = await requestVoid(clerk);
    const done = await requestVoid(clerk);
    const long = BigInt(Date.now() - INTERRUPTED_APPROVAL_MS - 1);
    for (const id of [lost, done]) {
      await t.app.db.prisma.voidRequest.update({
        where: { id },
        data: {
          status: "Aprobada",
          decidedAt: long,
          decidedBy: ana.auth.actor,
          decidedByUserId: ana.auth.userId,
        },
      });
    }
    const approved = await approve(ana.idToken, await requestVoid(clerk));
    const someVoid = { id: approved.body.voidId as string };
    await t.app.db.prisma.voidRecord.update({ where: { id: someVoid.id }, data: { requestId: done } });
    expect(await recoverInterruptedApprovals(t.app.db.prisma, Date.now())).toBe(2);
    expect(await requestRow(lost)).toMatchObject({
      status: "Pendiente",
      decidedBy: null,
      lastError: expect.objectContaining({ code: "INTERRUPTED" }),
    });
    expect(await requestRow(done)).toMatchObject({ status: "Enviada", voidId: someVoid.id });
  });
});

describe("GET void-requests", () => {
  it("pages newest first, filters by status, and refuses bad parameters", async () => {
    const first = await requestVoid(clerk);
    const second = await requestVoid(clerk);
    const page1 = await t.call("GET", "/TesteCF/customer/void-requests?limit=1", { token: clerk.idToken });
    expect(page1.status).toBe(200);
    documented(voidRequestListResponseSchema, page1.body);
    expect(page1.body).toMatchObject({ metadata: { itemsPerPage: 1 }, nextToken: expect.any(String) });
    const items1 = page1.body.items as Array<Record<string, unknown>>;
    expect(items1.map((item) => item.requestId)).toEqual([second]);
    expect(items1[0]!.ranges).toBeUndefined();
    const page2 = await t.call(
      "GET",
      `/TesteCF/customer/void-requests?limit=1&nextToken=${encodeURIComponent(page1.body.nextToken as string)}`,
      { token: clerk.idToken },
    );
    expect((page2.body.items as Array<{ requestId: string }>).map((item) => item.requestId)).toEqual([first]);

    const pending = await t.call("GET", "/TesteCF/customer/void-requests?status=Pendiente&limit=100", {
      token: ana.idToken,
    });
    const statuses = new Set((pending.body.items as Array<{ status: string }>).map((item) => item.status));
    expect([...statuses]).toEqual(["Pendiente"]);
    const sentOnes = await t.call("GET", "/TesteCF/customer/void-requests?status=Enviada", {
      token: ana.idToken,
    });
    expect(
      (sentOnes.body.items as Array<{ status: string; voidId: string }>).every((item) => item.voidId),
    ).toBe(true);

    for (const [query, code] of [
      ["status=Aceptado", "INVALID_STATUS"],
      ["limit=0", "INVALID_LIMIT"],
      ["limit=101", "INVALID_LIMIT"],
      ["nextToken=bad", "INVALID_NEXT_TOKEN"],
    ] as const) {
      const answer = await t.call("GET", `/TesteCF/customer/void-requests?${query}`, {
        token: clerk.idToken,
      });
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 400, code });
    }
  });

  it("answers 404 VOID_REQUEST_NOT_FOUND for an unknown id, another environment and another company", async () => {
    const requestId = await requestVoid(clerk);
    expect(await getRequest(clerk.idToken, "0190f000-0000-7000-8000-00000000dead")).toMatchObject({
      status: 404,
      body: { code: "VOID_REQUEST_NOT_FOUND" },
    });
    expect(await getRequest(clerk.idToken, requestId, "CerteCF")).toMatchObject({
      status: 404,
      body: { code: "VOID_REQUEST_NOT_FOUND" },
    });
    const other = await createCompany();
    const otherApprover = await addPerson(other, ["approver"]);
    expect(await getRequest(other.idToken, requestId)).toMatchObject({
      status: 404,
      body: { code: "VOID_REQUEST_NOT_FOUND" },
    });
    expect(await approve(otherApprover.idToken, requestId)).toMatchObject({
      status: 404,
      body: { code: "VOID_REQUEST_NOT_FOUND" },
    });
    const list = await t.call("GET", "/TesteCF/customer/void-requests?limit=100", { token: other.idToken });
    expect(list.body.items).toEqual([]);
    expect((await requestRow(requestId)).status).toBe("Pendiente");
  });

  it("counts the pending requests an approver could decide (never their own) for the portal's badge", async () => {
    const mine = await requestVoid(luis);
    const anas = await countPendingForApprover(ana.auth, "TesteCF");
    const luiss = await countPendingForApprover(luis.auth, "TesteCF");
    expect(anas).toBe(luiss + 1);
    expect(await countPendingForApprover(clerk.auth, "TesteCF")).toBe(0);
    expect(await countPendingForApprover(ana.auth, "CerteCF")).toBe(0);
    void mine;
  });
});
