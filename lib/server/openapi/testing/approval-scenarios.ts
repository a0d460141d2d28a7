import "server-only";

import * as requestsRoute from "@/app/[environment]/customer/void-requests/route";
import * as requestRoute from "@/app/[environment]/customer/void-requests/[requestId]/route";
import * as approveRoute from "@/app/[environment]/customer/void-requests/[requestId]/approve/route";
import * as rejectRoute from "@/app/[environment]/customer/void-requests/[requestId]/reject/route";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { addPerson } from "@/lib/server/approvals/testing/approvals-test-app";
import { setApprovalPolicy } from "@/lib/server/approvals/approval-policy";
import type { VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import type { Scenario } from "./scenarios";

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : "" };
}

/**
 * Approvals: a company whose policy holds every TesteCF void — POST void-ncf's 409 and
 * 202, and the void-requests list, fetch, approval and rejection, each as its documented example.
 */
export async function approvalScenarios(app: VoidTestApp): Promise<Scenario[]> {
  const company = await createTestAccount({
    rnc: "130000020",
    email: "administracion@cuatro-ojos.do",
    roles: ["administrator"],
    certificate: true,
  });
  const clerk = await addPerson(company, ["operator"]);
  const approver = await addPerson(company, ["approver"]);
  await addPerson(company, ["approver"]);
  await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: true, minSequences: null });
  let sequence = 90_000;
  const range = (count: number) => {
    sequence += 1000;
    const at = (n: number) => `E31${String(n).padStart(10, "0")}`;
    return { secuenciaDesde: at(sequence + 1), secuenciaHasta: at(sequence + count) };
  };
  const voidPost = (body: unknown, headers: Record<string, string> = {}) =>
    app
      .call("POST", "/TesteCF/customer/void-ncf", { token: clerk.idToken, body, headers })
      .then(({ status, body: parsed }) => ({ status, body: parsed as unknown }));
  const held = async (body: unknown) => ((await voidPost(body)).body as { requestId: string }).requestId;
  const call = (
    route: Record<string, unknown>,
    method: "GET" | "POST",
    path: string,
    token: string,
    params: Record<string, string>,
    body?: unknown,
  ) =>
    (route[method] as RouteHandler)(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      { params: Promise.resolve({ environment: "TesteCF", ...params }) },
    ).then(answer);
  const path = (requestId: string, action = "") =>
    `/TesteCF/customer/void-requests/${requestId}${action ? `/${action}` : ""}`;

  const reason = { motivo: { codigo: "08", descripcion: "Saltos de secuencia por un error del ERP" } };
  const toApprove = await held({ ranges: [range(20)], ...reason });
  const toReject = await held({ ranges: [range(5)], ...reason });
  // An approver who is also an operator asks for a void: they may not approve it themselves.
  const both = await addPerson(company, ["operator", "approver"]);
  const ownRequest = (
    (
      await app.call("POST", "/TesteCF/customer/void-ncf", {
        token: both.idToken,
        body: { ranges: [range(2)] },
      })
    ).body as { requestId: string }
  ).requestId;
  const rejectBody = { reason: "El rango incluye facturas emitidas ayer; revisar con contabilidad" };

  return [
    {
      operationId: "createVoid",
      name: "approvalRequired",
      summary: "Held by the company's approval policy: a void request was created, nothing was sent",
      status: 409,
      run: () => voidPost({ ranges: [range(3)], ...reason }),
    },
    {
      operationId: "createVoid",
      name: "heldRespondAsync",
      summary: "Held by the approval policy, with Prefer: respond-async: 202 and the request",
      status: 202,
      run: () => voidPost({ ranges: [range(3)], ...reason }, { prefer: "respond-async" }),
    },
    {
      operationId: "listVoidRequests",
      name: "pending",
      summary: "The pending requests",
      status: 200,
      run: () =>
        call(
          requestsRoute,
          "GET",
          "/TesteCF/customer/void-requests?status=Pendiente&limit=2",
          approver.idToken,
          {},
        ),
    },
    {
      operationId: "listVoidRequests",
      name: "invalidStatus",
      summary: "A status that requests do not have",
      status: 400,
      run: () =>
        call(requestsRoute, "GET", "/TesteCF/customer/void-requests?status=Aceptado", approver.idToken, {}),
    },
    {
      operationId: "getVoidRequest",
      name: "pending",
      summary: "A pending request, with its ranges",
      status: 200,
      run: () => call(requestRoute, "GET", path(toApprove), approver.idToken, { requestId: toApprove }),
    },
    {
      operationId: "getVoidRequest",
      name: "notFound",
      summary: "Unknown (or another company's) request",
      status: 404,
      run: () => {
        const unknown = "01a2aaaa-0000-7000-8000-000000000000";
        return call(requestRoute, "GET", path(unknown), approver.idToken, { requestId: unknown });
      },
    },
    {
      operationId: "approveVoidRequest",
      name: "requesterCannotApprove",
      summary: "Nobody approves their own request, even holding the approver role",
      status: 403,
      run: () =>
        call(approveRoute, "POST", path(ownRequest, "approve"), both.idToken, { requestId: ownRequest }),
    },
    {
      operationId: "approveVoidRequest",
      name: "accepted",
      summary: "Approved: signed now, sent, Aceptado; the request is Enviada",
      status: 200,
      run: () =>
        call(approveRoute, "POST", path(toApprove, "approve"), approver.idToken, { requestId: toApprove }),
    },
    {
      operationId: "approveVoidRequest",
      name: "notPending",
      summary: "Already approved and sent",
      status: 409,
      run: () =>
        call(approveRoute, "POST", path(toApprove, "approve"), approver.idToken, { requestId: toApprove }),
    },
    {
      operationId: "getVoidRequest",
      name: "sent",
      summary: "An approved request: Enviada, with the void's id",
      status: 200,
      record: false,
      run: () => call(requestRoute, "GET", path(toApprove), approver.idToken, { requestId: toApprove }),
    },
    {
      operationId: "rejectVoidRequest",
      name: "reasonRequired",
      summary: "A rejection needs a reason",
      status: 400,
      requestValid: false,
      run: () =>
        call(
          rejectRoute,
          "POST",
          path(toReject, "reject"),
          approver.idToken,
          { requestId: toReject },
          { reason: "" },
        ),
    },
    {
      operationId: "rejectVoidRequest",
      name: "rejected",
      summary: "Rejected with a reason; nothing was sent",
      status: 200,
      request: rejectBody,
      run: () =>
        call(
          rejectRoute,
          "POST",
          path(toReject, "reject"),
          approver.idToken,
          { requestId: toReject },
          rejectBody,
        ),
    },
  ];
}
