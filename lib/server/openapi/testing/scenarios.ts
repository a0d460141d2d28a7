import "server-only";

import * as authTokenRoute from "@/app/auth/token/route";
import * as signInRoute from "@/app/[environment]/customer/authentication/route";
import * as refreshRoute from "@/app/[environment]/customer/authentication/refresh/route";
import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import * as importRoute from "@/app/[environment]/documentos-ecf/import/route";
import * as batchRoute from "@/app/[environment]/documentos-ecf/status/batch/route";
import * as healthRoute from "@/app/healthz/route";
import * as openApiRoute from "@/app/openapi.json/route";
import * as readyRoute from "@/app/readyz/route";
import * as resolutionRoute from "@/app/[environment]/customer/void-ncf/[voidId]/resolution/route";
import * as inventoryRoute from "@/app/[environment]/secuencias/route";
import * as gapsRoute from "@/app/[environment]/secuencias/huecos/route";
import * as authorizationsRoute from "@/app/[environment]/secuencias/autorizaciones/route";
import * as authorizationRoute from "@/app/[environment]/secuencias/autorizaciones/[id]/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { inviteUser } from "@/lib/server/accounts";
import { createApiKey } from "@/lib/server/auth";
import { beginTotpEnrollment, confirmTotpEnrollment } from "@/lib/server/auth/second-factor";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { contextOf, documentHeaders, importEntry, jsonPost } from "@/lib/server/documents/test-support";
import { generate } from "otplib";

import { resetServiceStatusForTests } from "@/lib/server/platform/taxauth/service-status";
import type { VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { approvalScenarios } from "./approval-scenarios";
import { webhookScenarios } from "./webhook-scenarios";

/** One real call of an endpoint, named as its documented example. */
export interface Scenario {
  operationId: string;
  name: string;
  summary: string;
  status: number;
  /** The request body, recorded as the operation's request example under the same name. */
  request?: unknown;
  /** false: the request example breaks the rules on purpose (e.g. to show a per-entry error). */
  requestValid?: boolean;
  /** false: checked against the schema, but not recorded as an example (the document itself). */
  record?: boolean;
  run(): Promise<{ status: number; body: unknown }>;
}

type Handler = (request: Request, context: { params: Promise<{ environment: string }> }) => Promise<Response>;

async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json");
  return { status: response.status, body: json ? JSON.parse(text) : text };
}

const direct = (handler: Handler, request: Request, environment = "TesteCF") =>
  handler(request, contextOf(environment)).then(answer);

type VoidPost = (body: unknown) => Promise<{ status: number; body: unknown }>;

/** A void that ends in Error (DGII answers 500): what a person settles. */
async function errorVoidOf(app: VoidTestApp, voidPost: VoidPost, range: unknown): Promise<string> {
  app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
  try {
    return ((await voidPost({ ranges: [range] })).body as { voidId: string }).voidId;
  } finally {
    app.simulator.admin.clearFaults();
  }
}

/** POST …/void-ncf/{voidId}/resolution, settle and resend (JSON; the multipart form is tested in settle-void.test.ts). */
function settleScenarios(setup: {
  voidPost: VoidPost;
  errorVoid(): Promise<string>;
  acceptedVoidId(): string;
  settler: TestAccount;
}): Scenario[] {
  const settler = setup.settler;
  let settled = "";
  const resolve = (voidId: string, body: unknown) =>
    resolutionRoute
      .POST(jsonPost(`http://localhost/TesteCF/customer/void-ncf/${voidId}/resolution`, settler, body), {
        params: Promise.resolve({ environment: "TesteCF", voidId }),
      })
      .then(answer);
  const confirmed = {
    outcome: "Aceptado",
    note: "Consulta de Anulaciones (OFV) del 22-11-2026: los 2 e-NCF aparecen anulados.",
  };
  const resend = { action: "resend", confirmation: "REENVIAR" };
  return [
    {
      operationId: "settleVoid",
      name: "settledAccepted",
      summary: "A person confirmed in DGII's OFV that the Error void was accepted",
      status: 200,
      request: confirmed,
      run: async () => {
        settled = await setup.errorVoid();
        return resolve(settled, confirmed);
      },
    },
    {
      operationId: "settleVoid",
      name: "alreadySettled",
      summary: "Settled already",
      status: 409,
      run: () => resolve(settled, { outcome: "Rechazado", note: "Otra vez" }),
    },
    {
      operationId: "settleVoid",
      name: "notUnknown",
      summary: "DGII already answered this void (Aceptado)",
      status: 409,
      run: () => resolve(setup.acceptedVoidId(), { outcome: "Rechazado", note: "No aparece" }),
    },
    {
      operationId: "settleVoid",
      name: "noNote",
      summary: "The note is required",
      status: 400,
      run: () => resolve(settled, { outcome: "Aceptado", note: "" }),
    },
    {
      operationId: "settleVoid",
      name: "resendAccepted",
      summary:
        "The same signed document resent; DGII accepted it, which settles the void (its answer in attempts)",
      status: 200,
      request: resend,
      run: async () => resolve(await setup.errorVoid(), resend),
    },
    {
      operationId: "settleVoid",
      name: "resendNotConfirmed",
      summary: 'A resend needs "REENVIAR" or the voidId\'s last 6 characters; nothing was sent',
      status: 400,
      run: () => resolve(settled, { action: "resend", confirmation: "sí" }),
    },
  ];
}

/** Every documented example, produced by calling the real handlers against the test app. */
export async function buildScenarios(app: VoidTestApp): Promise<Scenario[]> {
  // Fixed identities, so re-recording the examples changes only ids, tokens and times.
  const account: TestAccount = await createTestAccount({
    rnc: "130000001",
    email: "integracion@empresa.do",
    certificate: true,
    apiKey: true,
  });
  const noCertificate = await createTestAccount({ rnc: "130000002", email: "sin-certificado@empresa.do" });
  const eCFOnlyKey = (await createApiKey(account.auth.accountId, "Solo producción", { environment: "eCF" }))
    .key;
  const noCertificateKey = (await createApiKey(noCertificate.auth.accountId, "Otra empresa")).key;
  const token = account.idToken;
  let sequence = 5_000;
  const range = (count: number) => {
    sequence += 1000;
    const at = (n: number) => `E31${String(n).padStart(10, "0")}`;
    return { secuenciaDesde: at(sequence + 1), secuenciaHasta: at(sequence + count) };
  };
  const voidPost = (
    body: unknown,
    options: { token?: string; headers?: Record<string, string>; env?: string } = {},
  ) =>
    app
      .call("POST", `/${options.env ?? "TesteCF"}/customer/void-ncf`, {
        token: options.token ?? token,
        body,
        headers: options.headers,
      })
      .then(({ status, body: parsed }) => ({ status, body: parsed as unknown }));
  const voidGet = (path: string, withToken = token) =>
    app.call("GET", path, { token: withToken }).then(({ status, body, text }) => ({
      status,
      body: path.endsWith("/xml") && status === 200 ? text : (body as unknown),
    }));

  const accepted = {
    ranges: [range(10), { ...range(1), tipoeCF: "31" }],
    fechaHoraAnulacion: "22-11-2026 08:30:00",
    // Extension: DGII's 608 reason and free text, returned as `motivo` on the record.
    motivo: { codigo: "08", descripcion: "Saltos de secuencia por un error del ERP" },
  };
  accepted.ranges[1]!.secuenciaHasta = accepted.ranges[1]!.secuenciaDesde;
  const first = await voidPost(accepted);
  const voidId = (first.body as { voidId: string }).voidId;
  let partialVoidId = "";
  const idempotent = { ranges: [range(2)] };
  await voidPost(idempotent, { headers: { "idempotency-key": "erp-factura-2026-0001" } });
  const issued = range(3);
  app.simulator.admin.markIssued({
    environment: "TesteCF",
    rnc: account.auth.rnc,
    ranges: [{ from: issued.secuenciaHasta, to: issued.secuenciaHasta }],
  });
  // Issued an hour ago: newer than the gap review's quiet period (its example shows them withheld).
  const issuedRecently = Date.now() - 3_600_000;
  const documents = [
    importEntry("E310000000101", { createdAt: issuedRecently }),
    importEntry("E320000000102", {
      createdAt: issuedRecently,
      invoiceTotal: 1500.5,
      summarySignedXml: "rfce/E320000000102.xml",
    }),
  ];
  await direct(
    importRoute.POST,
    jsonPost("http://localhost/TesteCF/documentos-ecf/import", account, { documents }),
  );
  const docGet = (query: string, credentials: Pick<TestAccount, "idToken" | "apiKey"> = account) =>
    direct(
      documentRoute.GET,
      new Request(`http://localhost/TesteCF/documentos-ecf${query}`, {
        headers: documentHeaders(credentials),
      }),
    );
  const tokenPost = (body: unknown) =>
    direct(authTokenRoute.POST, jsonPost("http://localhost/auth/token", null, body));
  const tokenBody = { username: account.auth.email, password: account.password };
  const signInPost = (body: unknown) =>
    direct(signInRoute.POST, jsonPost("http://localhost/TesteCF/customer/authentication", null, body));
  const refreshPost = (body: unknown) =>
    direct(
      refreshRoute.POST,
      jsonPost("http://localhost/TesteCF/customer/authentication/refresh", null, body),
    );
  const signInBody = { email: account.auth.email, password: account.password };
  // The sign-in's refusals: a user of two companies (no rnc), one with a second factor (no otp), one
  // with a temporary password, an administrator whose organization requires a second factor.
  const accountant = await createTestAccount({ rnc: "130000003", email: "contador@firma.do" });
  await inviteUser({
    accountId: noCertificate.auth.accountId,
    email: accountant.auth.email,
    roles: ["viewer"],
  });
  const twoFactor = await createTestAccount({ rnc: "130000004", email: "dos-pasos@empresa.do" });
  const { secret } = await beginTotpEnrollment(twoFactor.auth.userId);
  await confirmTotpEnrollment(twoFactor.auth.userId, await generate({ secret }));
  const invited = await inviteUser({
    accountId: account.auth.accountId,
    email: "nuevo@empresa.do",
    roles: ["operator"],
  });
  const mustSetUp = await createTestAccount({ rnc: "130000005", email: "admin@exigente.do" });
  await app.db.prisma.organization.update({
    where: { id: mustSetUp.auth.organizationId },
    data: { requireSecondFactor: true },
  });
  /** Each refusal, as POST /auth/token's body; signIn's is the same with email for username. */
  const refusals = [
    {
      name: "rncRequired",
      summary: "A user of several companies must name one (rnc)",
      status: 400,
      body: { username: accountant.auth.email, password: accountant.password },
    },
    {
      name: "otpRequired",
      summary: "The user has a second factor: send otp",
      status: 401,
      body: { username: twoFactor.auth.email, password: twoFactor.password },
    },
    {
      name: "passwordChangeRequired",
      summary: "A temporary password: change it in the portal first",
      status: 403,
      body: { username: "nuevo@empresa.do", password: invited.temporaryPassword! },
    },
    {
      name: "secondFactorSetupRequired",
      summary: "The organization requires a second factor the user has not set up",
      status: 403,
      body: { username: mustSetUp.auth.email, password: mustSetUp.password },
    },
  ];
  const refusalScenarios: Scenario[] = refusals.flatMap((refusal) => [
    {
      operationId: "createIdToken",
      name: refusal.name,
      summary: refusal.summary,
      status: refusal.status,
      run: () => tokenPost(refusal.body),
    },
    {
      operationId: "signIn",
      name: refusal.name,
      summary: refusal.summary,
      status: refusal.status,
      run: () => signInPost({ email: refusal.body.username, password: refusal.body.password }),
    },
  ]);
  const refreshTokenOf = async () =>
    ((await signInPost(signInBody)).body as { refreshToken: string }).refreshToken;
  const refreshBody = { refreshToken: await refreshTokenOf() };
  const batchBody = { ecfs: ["E310000000101", "E320000000102", "E310000009999"] };
  const importBody = { documents: [importEntry("E310000000103"), { ncf: "P310000000001" }] };

  // Approvals: a company of its own whose policy holds every void.
  const approvals = await approvalScenarios(app);
  // Webhooks: a company of its own, delivering to a local receiver.
  const webhooks = await webhookScenarios();

  return [
    ...refusalScenarios,
    {
      operationId: "createIdToken",
      name: "ok",
      summary: "idToken issued",
      status: 200,
      request: tokenBody,
      run: () => tokenPost(tokenBody),
    },
    {
      operationId: "createIdToken",
      name: "wrongPassword",
      summary: "Wrong credentials",
      status: 401,
      run: () => tokenPost({ ...tokenBody, password: "wrong-password" }),
    },
    {
      operationId: "createIdToken",
      name: "missingPassword",
      summary: "Missing field",
      status: 400,
      run: () => tokenPost({ username: tokenBody.username }),
    },

    {
      operationId: "signIn",
      name: "ok",
      summary: "Signed in on TesteCF",
      status: 200,
      request: signInBody,
      run: () => signInPost(signInBody),
    },
    {
      operationId: "signIn",
      name: "wrongPassword",
      summary: "Wrong credentials",
      status: 401,
      run: () => signInPost({ ...signInBody, password: "wrong-password" }),
    },
    {
      operationId: "refreshSession",
      name: "ok",
      summary: "New tokens; the refreshToken sent is retired",
      status: 200,
      request: refreshBody,
      run: () => refreshPost(refreshBody),
    },
    {
      operationId: "refreshSession",
      name: "reused",
      summary: "A refreshToken used twice: the session is revoked",
      status: 401,
      run: async () => {
        const refreshToken = await refreshTokenOf();
        await refreshPost({ refreshToken });
        return refreshPost({ refreshToken });
      },
    },

    {
      operationId: "createVoid",
      name: "accepted",
      summary: "Two ranges accepted",
      status: 200,
      request: accepted,
      run: async () => first,
    },
    {
      operationId: "createVoid",
      name: "rejected",
      summary: "A sequence was already issued",
      status: 422,
      request: { ranges: [issued] },
      run: () => voidPost({ ranges: [issued] }),
    },
    {
      operationId: "createVoid",
      name: "overlapping",
      summary: "Validation: every problem listed",
      status: 400,
      run: () =>
        voidPost({
          ranges: [
            { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000009" },
            { secuenciaDesde: "E310000000005", secuenciaHasta: "E310000000005" },
            { secuenciaDesde: "E3100000001", secuenciaHasta: "E310000000001" },
          ],
        }),
    },
    {
      operationId: "createVoid",
      name: "invalidMotivo",
      summary: "Extension motivo: codigo outside DGII's 608 reason codes",
      status: 400,
      run: () => voidPost({ ranges: [range(1)], motivo: { codigo: "11", descripcion: "Otro" } }),
    },
    {
      operationId: "createVoid",
      name: "unauthorized",
      summary: "No or bad token",
      status: 401,
      run: () => voidPost(accepted, { token: "not-a-jwt" }),
    },
    {
      operationId: "createVoid",
      name: "unknownEnvironment",
      summary: "Unknown environment",
      status: 404,
      run: () => voidPost(accepted, { env: "Produccion" }),
    },
    {
      operationId: "createVoid",
      name: "notJson",
      summary: "Body not sent as JSON (curl -d without -H)",
      status: 415,
      run: () => voidPost(accepted, { headers: { "content-type": "application/x-www-form-urlencoded" } }),
    },
    {
      operationId: "createVoid",
      name: "alreadyVoided",
      summary: "Overlaps an accepted void",
      status: 409,
      run: () => voidPost({ ranges: [accepted.ranges[0]] }),
    },
    {
      operationId: "createVoid",
      name: "idempotencyKeyReused",
      summary: "Same Idempotency-Key, other body",
      status: 409,
      run: () =>
        voidPost({ ranges: [range(1)] }, { headers: { "idempotency-key": "erp-factura-2026-0001" } }),
    },
    {
      operationId: "createVoid",
      name: "noCertificate",
      summary: "No active certificate",
      status: 412,
      run: () => voidPost({ ranges: [range(1)] }, { token: noCertificate.idToken }),
    },
    {
      operationId: "createVoid",
      name: "notConfirmed",
      summary: "The authority did not confirm (stored as Error)",
      status: 502,
      run: async () => {
        app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 503 });
        try {
          return await voidPost({ ranges: [range(4)] });
        } finally {
          app.simulator.admin.clearFaults();
        }
      },
    },
    {
      operationId: "createVoid",
      name: "dgiiMaintenance",
      summary:
        "DGII announces a maintenance window (server with TAXAUTH_STATUS_API_KEY): nothing stored or sent",
      status: 503,
      run: async () => {
        setEnvForTests({
          TAXAUTH_STATUS_API_KEY: "XXXXXXX-XXXXXXX-XXXX-XXXXXXXXXX",
          TAXAUTH_STATUS_URL: app.simulator.url,
        });
        resetServiceStatusForTests();
        const now = Date.now();
        app.simulator.admin.addMaintenanceWindow({
          environment: "TesteCF",
          from: now - 60_000,
          to: now + 30 * 60_000,
        });
        try {
          return await voidPost({ ranges: [range(2)] });
        } finally {
          app.simulator.admin.clearServiceStatus();
          setEnvForTests({ TAXAUTH_STATUS_API_KEY: undefined, TAXAUTH_STATUS_URL: undefined });
          resetServiceStatusForTests();
        }
      },
    },

    {
      operationId: "listVoids",
      name: "page",
      summary: "A page, newest first",
      status: 200,
      run: () => voidGet("/TesteCF/customer/void-ncf?limit=2"),
    },
    {
      operationId: "listVoids",
      name: "byVoidId",
      summary: "One record by voidId",
      status: 200,
      run: () => voidGet(`/TesteCF/customer/void-ncf?voidId=${voidId}`),
    },
    {
      operationId: "listVoids",
      name: "byMotivo",
      summary: "Extension: only the voids with one 608 reason code (motivo=none: those without one)",
      status: 200,
      run: () => voidGet("/TesteCF/customer/void-ncf?motivo=08&limit=1"),
    },
    {
      operationId: "listVoids",
      name: "badLimit",
      summary: "Invalid limit",
      status: 400,
      run: () => voidGet("/TesteCF/customer/void-ncf?limit=500"),
    },
    {
      operationId: "listVoids",
      name: "unknownVoid",
      summary: "Unknown voidId",
      status: 404,
      run: () => voidGet("/TesteCF/customer/void-ncf?voidId=0190f0c2-0000-7000-8000-000000000000"),
    },
    {
      operationId: "getVoidXml",
      name: "signedXml",
      summary: "The signed ANECF",
      status: 200,
      run: () => voidGet(`/TesteCF/customer/void-ncf/${voidId}/xml`),
    },
    {
      operationId: "getVoidXml",
      name: "unknownVoid",
      summary: "Unknown voidId",
      status: 404,
      run: () => voidGet("/TesteCF/customer/void-ncf/nope/xml"),
    },
    ...settleScenarios({
      voidPost,
      errorVoid: () => errorVoidOf(app, voidPost, range(2)),
      acceptedVoidId: () => voidId,
      settler: account,
    }),

    {
      operationId: "getDocument",
      name: "found",
      summary: "A stored document",
      status: 200,
      run: () => docGet("?ecf=E310000000101"),
    },
    {
      operationId: "getDocument",
      name: "invalidEcf",
      summary: "Malformed e-NCF",
      status: 400,
      run: () => docGet("?ecf=P31"),
    },
    {
      operationId: "getDocument",
      name: "badApiKey",
      summary: "Missing, unknown or revoked X-API-KEY (403: 401 is for the token only)",
      status: 403,
      run: () => docGet("?ecf=E310000000101", { idToken: token, apiKey: "ak_not-a-key" }),
    },
    {
      operationId: "getDocument",
      name: "apiKeyWrongEnvironment",
      summary: "X-API-KEY limited to another environment",
      status: 403,
      run: () => docGet("?ecf=E310000000101", { idToken: token, apiKey: eCFOnlyKey }),
    },
    {
      operationId: "getDocument",
      name: "otherAccountApiKey",
      summary: "X-API-KEY of another company than the token's",
      status: 403,
      run: () => docGet("?ecf=E310000000101", { idToken: token, apiKey: noCertificateKey }),
    },
    {
      operationId: "getDocument",
      name: "notFound",
      summary: "Unknown e-NCF",
      status: 404,
      run: () => docGet("?ecf=E310000009999"),
    },
    {
      operationId: "getDocumentsStatusBatch",
      name: "mixed",
      summary: "Found and not found",
      status: 200,
      request: batchBody,
      run: () =>
        direct(
          batchRoute.POST,
          jsonPost("http://localhost/TesteCF/documentos-ecf/status/batch", account, batchBody),
        ),
    },
    {
      operationId: "getDocumentsStatusBatch",
      name: "tooMany",
      summary: "Over 100 entries",
      status: 400,
      run: () =>
        direct(
          batchRoute.POST,
          jsonPost("http://localhost/TesteCF/documentos-ecf/status/batch", account, {
            ecfs: Array.from({ length: 101 }, () => "E310000000101"),
          }),
        ),
    },
    {
      operationId: "importDocuments",
      name: "mixed",
      summary: "One stored, one invalid",
      status: 200,
      request: importBody,
      requestValid: false,
      run: () =>
        direct(
          importRoute.POST,
          jsonPost("http://localhost/TesteCF/documentos-ecf/import", account, importBody),
        ),
    },
    {
      operationId: "importDocuments",
      name: "noDocuments",
      summary: "Empty envelope",
      status: 400,
      run: () =>
        direct(
          importRoute.POST,
          jsonPost("http://localhost/TesteCF/documentos-ecf/import", account, { documents: [] }),
        ),
    },
    {
      operationId: "getHealth",
      name: "up",
      summary: "Process up",
      status: 200,
      run: () => direct(healthRoute.GET, new Request("http://localhost/healthz")),
    },
    {
      operationId: "getReadiness",
      name: "ready",
      summary: "Ready",
      status: 200,
      run: () => direct(readyRoute.GET, new Request("http://localhost/readyz")),
    },
    ...ledgerScenarios(app, account, voidPost),
    ...approvals,
    ...webhooks,
    // Last, so that the list's page example above keeps showing ordinary records.
    {
      operationId: "createVoid",
      name: "partiallyAccepted",
      summary:
        "DGII's partial success: Aceptado for what it voided (ranges, totalVoided); what it did not void in the extensions excepted / totalExcepted",
      status: 200,
      run: async () => {
        app.simulator.admin.injectFault({ service: "anularrango", mode: "partial" });
        try {
          const partial = await voidPost({ ranges: [range(10)] });
          partialVoidId = (partial.body as { voidId: string }).voidId;
          return partial;
        } finally {
          app.simulator.admin.clearFaults();
        }
      },
    },
    {
      operationId: "listVoids",
      name: "partiallyAccepted",
      summary: "A partial success by voidId: ranges voided, excepted not",
      status: 200,
      run: () => voidGet(`/TesteCF/customer/void-ncf?voidId=${partialVoidId}`),
    },
    {
      operationId: "getOpenApi",
      name: "document",
      summary: "This document",
      status: 200,
      record: false,
      run: () => direct(openApiRoute.GET, new Request("http://localhost/openapi.json")),
    },
  ];
}

/**
 * The sequence ledger: an authorization entered, documents imported with a coverage
 * mark, the inventory and the gaps they give, and the void refusals and warnings the ledger adds.
 */
function ledgerScenarios(app: VoidTestApp, account: TestAccount, voidPost: VoidPost): Scenario[] {
  // The routes themselves, called directly (the test app's server only serves the void routes).
  type RouteHandler = (
    request: Request,
    context: { params: Promise<Record<string, string>> },
  ) => Promise<Response>;
  const routes: Record<string, unknown> = {
    "/TesteCF/secuencias": inventoryRoute,
    "/TesteCF/secuencias/huecos": gapsRoute,
    "/TesteCF/secuencias/autorizaciones": authorizationsRoute,
    "/TesteCF/documentos-ecf/import": importRoute,
  };
  const call = (method: string, path: string, body?: unknown) => {
    const url = new URL(path, "http://localhost");
    const id = /\/autorizaciones\/([^/]+)$/.exec(url.pathname)?.[1];
    const route = (id ? authorizationRoute : routes[url.pathname]) as Record<string, RouteHandler>;
    const handler = route[method]!;
    const request = new Request(url, {
      method,
      headers: documentHeaders(account, body === undefined ? {} : { "content-type": "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return handler(request, {
      params: Promise.resolve({ environment: "TesteCF", ...(id ? { id } : {}) }),
    }).then(answer);
  };
  const authorization = {
    secuenciaDesde: "E310000000001",
    secuenciaHasta: "E310000020000",
    fechaAutorizacion: "02-01-2026",
    nota: "Solicitud OFV 2026-000123",
  };
  let authorizationId = "";
  const now = Date.now();
  const tenDaysAgo = now - 10 * 86_400_000;
  const withMark = {
    documents: [1, 5, 10].map((n) =>
      importEntry(`E31${String(n).padStart(10, "0")}`, { createdAt: tenDaysAgo }),
    ),
    coveredUntil: now - 3_600_000,
  };
  return [
    {
      operationId: "createSequenceAuthorization",
      name: "created",
      summary: "A range DGII authorized, entered (expiry defaults to 31 December of the next year)",
      status: 201,
      request: authorization,
      run: async () => {
        const created = await call("POST", "/TesteCF/secuencias/autorizaciones", authorization);
        authorizationId = (created.body as { id: string }).id;
        return created;
      },
    },
    {
      operationId: "createSequenceAuthorization",
      name: "overlap",
      summary: "Overlaps an authorization of the same series+type",
      status: 409,
      run: () =>
        call("POST", "/TesteCF/secuencias/autorizaciones", {
          secuenciaDesde: "E310000019000",
          secuenciaHasta: "E310000030000",
          fechaAutorizacion: "02-01-2026",
        }),
    },
    {
      operationId: "listSequenceAuthorizations",
      name: "list",
      summary: "Every authorization entered",
      status: 200,
      run: () => call("GET", "/TesteCF/secuencias/autorizaciones"),
    },
    {
      operationId: "importDocuments",
      name: "withCoverageMark",
      summary:
        "Three e-CF issued ten days ago, and the coverage mark: everything issued until an hour ago is imported",
      status: 200,
      request: withMark,
      run: () => call("POST", "/TesteCF/documentos-ecf/import", withMark),
    },
    {
      operationId: "getSequenceInventory",
      name: "inventory",
      summary: "Per series+type and authorization: issued, voided, unknown, available, alerts",
      status: 200,
      run: () => call("GET", "/TesteCF/secuencias"),
    },
    {
      operationId: "listSequenceGaps",
      name: "gaps",
      summary:
        "Skipped numbers below E310000000010 (issued before min(mark, now − 72 h)); E31 withheld above it (E310000000101 is newer)",
      status: 200,
      run: () => call("GET", "/TesteCF/secuencias/huecos"),
    },
    {
      operationId: "listSequenceGaps",
      name: "badLimit",
      summary: "limit outside 1–1000",
      status: 400,
      run: () => call("GET", "/TesteCF/secuencias/huecos?limit=0"),
    },
    {
      operationId: "createVoid",
      name: "sequenceUsed",
      summary:
        "A range holding an e-NCF imported as issued: refused, nothing sent (a credit note cancels it)",
      status: 409,
      request: { ranges: [{ secuenciaDesde: "E310000000004", secuenciaHasta: "E310000000006" }] },
      run: () => voidPost({ ranges: [{ secuenciaDesde: "E310000000004", secuenciaHasta: "E310000000006" }] }),
    },
    {
      operationId: "createVoid",
      name: "outsideAuthorization",
      summary: "Accepted, with a warning: part of the range is outside every authorization entered",
      status: 200,
      request: { ranges: [{ secuenciaDesde: "E310000019999", secuenciaHasta: "E310000020002" }] },
      run: () => voidPost({ ranges: [{ secuenciaDesde: "E310000019999", secuenciaHasta: "E310000020002" }] }),
    },
    {
      operationId: "deleteSequenceAuthorization",
      name: "deleted",
      summary: "Deleted (204, no body)",
      status: 204,
      record: false,
      run: () => call("DELETE", `/TesteCF/secuencias/autorizaciones/${authorizationId}`),
    },
    {
      operationId: "deleteSequenceAuthorization",
      name: "notFound",
      summary: "No authorization of this company and environment has this id",
      status: 404,
      run: () => call("DELETE", `/TesteCF/secuencias/autorizaciones/${authorizationId}`),
    },
  ];
}
