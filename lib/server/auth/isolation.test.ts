import { createAuthorization, findGaps, setCoverageMark } from "@/lib/server/ledger";
import { unzipSync } from "fflate";
import { sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createCompany, createUser } from "@/lib/server/accounts";
import { createTestAccount, FULL_ROLES, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createApiKey, issueIdToken, listApiKeys, requireApiKey, signIdToken } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { can, SERVICE_SCOPES } from "@/lib/domain/roles";
import {
  createServiceAccount,
  listServiceAccounts,
  loadServiceAccount,
} from "@/lib/server/auth/service-accounts";
import { listCertificates } from "@/lib/server/certificates";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { claimLookup, markAbsent } from "@/lib/server/documents/lookup-claims";
import { findDocumentsByNcf } from "@/lib/server/documents/query-documents";
import { contextOf, importEntry, jsonPost } from "@/lib/server/documents/test-support";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { sampleVoidContent, storeAcceptedVoid } from "@/lib/server/voids/testing/stored-voids";

import { createTestWebhookEndpoint } from "@/lib/server/testing/webhook-endpoint-fixture";

import { ENTRY_POINTS, type EntryPoint } from "./entry-points";

/**
 * Isolation, table-driven over ENTRY_POINTS: company A (organization 1) holds a void, a document, an
 * API key, a certificate, a service account and a member; a caller of company B (same organization,
 * every company role there, not an organization administrator) and a caller of company C (another
 * organization, its administrator), an administrator of A's own organization with no role in A (every
 * company role in B), and (REST only) a service account of B with every scope try every entry point
 * on A's data. Each entry has a row: a probe
 * that proves the caller never sees or changes A's data (404, an empty list, FORBIDDEN), or the
 * reason the entry takes no id of another company and lists nothing of it. A new entry without a row
 * fails the first test.
 */

vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let a: TestAccount;
const seeded = {
  voidId: "0190f000-0000-7000-8000-0000000000a1",
  ncf: "E310000000321",
  /** A's second document: the one callers try to overwrite by importing the same e-NCF. */
  importedNcf: "E310000000322",
  /**
   * A's skipped number (323–324 between 322 and 325, issued days ago, under A's coverage mark): a gap
   * A is proposed, so the gap entries prove another company never sees it.
   */
  skippedNcf: "E310000000323",
  apiKeyId: "",
  certificateId: "",
  serviceAccountId: "",
  serviceAccountSecret: "",
  serviceAccountClientId: "",
  memberId: "",
  /** A viewer of A, home in A's organization: the organization administrator's removal probe. */
  spareMemberId: "",
  authorizationId: "",
  /** A's pending void request (approval policy). */
  requestId: "0190f000-0000-7000-8000-0000000000b1",
  /** A's webhook endpoint (TesteCF) and one delivery to it. */
  webhookId: "",
  webhookDeliveryId: "",
  /** A year-end close of A's organization (TesteCF), created by A's organization administrator. */
  yearEndCloseId: "",
};

type CallerName =
  "same organization" | "other organization" | "organization administrator" | "service account";

interface Caller {
  name: CallerName;
  account: TestAccount & { apiKey: string };
}
/** The organization administrator's rights over A's people (organization.manage) are real: they act. */
const isOrganizationAdmin = (caller: Caller) => caller.name === "organization administrator";
const callers: Caller[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestAccount({ rnc: "131550001", certificate: true, apiKey: true });
  const companyB = await createCompany({
    organizationId: a.auth.organizationId,
    rnc: "131550002",
    name: "Hermana SRL",
  });
  const password = "test-password-1";
  const userB = await createUser({
    accountId: companyB.id,
    email: "b@hermana.do",
    password,
    roles: FULL_ROLES,
    organizationAdmin: false,
  });
  const authB = (await loadActiveUser(userB.id, companyB.id))!;
  callers.push({
    name: "same organization",
    account: {
      auth: authB,
      idToken: await signIdToken(authB),
      password,
      apiKey: (await createApiKey(companyB.id, "b")).key,
    },
  });
  const c = await createTestAccount({ rnc: "131550003", apiKey: true });
  callers.push({ name: "other organization", account: c as Caller["account"] });
  // An administrator of A's own organization who holds no role in A: every role in B only.
  const adminOfOrganization = await createUser({
    accountId: companyB.id,
    email: "admin-org@hermana.do",
    password,
    roles: FULL_ROLES,
    organizationAdmin: true,
  });
  const authAdmin = (await loadActiveUser(adminOfOrganization.id, companyB.id))!;
  expect(authAdmin.organizationAdmin).toBe(true);
  callers.push({
    name: "organization administrator",
    account: {
      auth: authAdmin,
      idToken: await signIdToken(authAdmin),
      password,
      apiKey: (await createApiKey(companyB.id, "admin-org")).key,
    },
  });
  // An ERP of B with every scope (REST only: service accounts have no portal session).
  const erpB = await createServiceAccount(companyB.id, { name: "ERP B", scopes: [...SERVICE_SCOPES] });
  const erpIdToken = await issueIdToken({ username: erpB.clientId, password: erpB.secret });
  const erpAuth = (await loadServiceAccount(erpB.id, companyB.id))!;
  callers.push({
    name: "service account",
    account: {
      auth: erpAuth,
      idToken: erpIdToken.idToken,
      password: erpB.secret,
      apiKey: (await createApiKey(companyB.id, "erp")).key,
    },
  });
  // A home member of the organization, in A only: what its administrator may remove (not A's admin).
  seeded.spareMemberId = (
    await createUser({
      accountId: a.auth.accountId,
      email: "visor@a.do",
      password,
      roles: ["viewer"],
      organizationAdmin: false,
    })
  ).id;

  await storeAcceptedVoid(database.prisma, a.auth, sampleVoidContent(2), seeded.voidId, Date.now() - 1000);
  const { POST } = await import("@/app/[environment]/documentos-ecf/import/route");
  const imported = await POST(
    jsonPost("http://localhost/TesteCF/documentos-ecf/import", a, {
      documents: [
        importEntry(seeded.ncf),
        importEntry(seeded.importedNcf),
        importEntry("E310000000325", { createdAt: Date.now() - 4 * 24 * 3_600_000 }),
      ],
    }),
    contextOf("TesteCF"),
  );
  expect(imported.status).toBe(200);
  seeded.apiKeyId = (await listApiKeys(a.auth.accountId))[0]!.id;
  seeded.certificateId = a.certificate!.id;
  const service = await createServiceAccount(a.auth.accountId, { name: "ERP A", scopes: ["voids:read"] });
  seeded.serviceAccountId = service.id;
  seeded.serviceAccountSecret = service.secret;
  seeded.serviceAccountClientId = service.clientId;
  seeded.memberId = a.auth.userId;
  const authorization = await createAuthorization({
    accountId: a.auth.accountId,
    environment: "TesteCF",
    createdBy: "A",
    body: {
      secuenciaDesde: "E310000000001",
      secuenciaHasta: "E310000001000",
      fechaAutorizacion: "01-01-2026",
    },
  });
  seeded.authorizationId = authorization.id;
  await database.prisma.voidRequest.create({
    data: {
      id: seeded.requestId,
      accountId: a.auth.accountId,
      environment: "TesteCF",
      status: "Pendiente",
      ranges: JSON.stringify([["31", "E310000000400", "E310000000401", 2]]),
      rangeCount: 1,
      totalVoided: 2n,
      requestedByUserId: a.auth.userId,
      requestedBy: `${a.auth.actor} (API)`,
      requestedAt: BigInt(Date.now()),
      expiresAt: BigInt(Date.now() + 86_400_000),
    },
  });
  const webhook = await createTestWebhookEndpoint({
    accountId: a.auth.accountId,
    environment: "TesteCF",
    url: "https://erp.a.do/webhooks",
  });
  seeded.webhookId = webhook.id;
  seeded.webhookDeliveryId = (
    await database.prisma.webhookDelivery.create({
      data: {
        endpointId: webhook.id,
        accountId: a.auth.accountId,
        eventId: "0190f000-0000-7000-8000-0000000000c1",
        eventType: "webhook.test",
        status: "failed",
        nextAttemptAt: BigInt(Date.now()),
        createdAt: BigInt(Date.now()),
      },
    })
  ).id;
  await setCoverageMark(a.auth.accountId, "TesteCF", Date.now(), "A");
  const aGaps = await findGaps({ accountId: a.auth.accountId, environment: "TesteCF", limit: "1000" });
  expect(aGaps.gaps.map((gap) => gap.secuenciaDesde)).toContain(seeded.skippedNcf);
  const { createYearEndClose } = await import("@/lib/server/year-end-close");
  seeded.yearEndCloseId = (await createYearEndClose(a.auth, "TesteCF", { year: 2026 })).id;
}, 120_000);
afterAll(async () => database?.dispose());

// --- how a caller reaches each entry ---------------------------------------------------------------

const params = (values: Record<string, string>) => ({ params: Promise.resolve(values) as Promise<never> });

function rest(
  method: string,
  path: string,
  caller: Caller,
  options: { body?: unknown; apiKey?: string } = {},
) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: {
      authorization: `Bearer ${caller.account.idToken}`,
      "x-api-key": options.apiKey ?? caller.account.apiKey,
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
}

async function json(
  response: Response,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // CSV and XML answers are read from `text`.
  }
  return { status: response.status, body, text };
}

/** A server action's outcome: its result, or the code of the AppError it threw (FORBIDDEN). */
async function act(call: () => Promise<unknown>): Promise<{ ok?: boolean; code?: string }> {
  try {
    return (await call()) as { ok?: boolean };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") return { ok: false, code };
    throw error;
  }
}

const expectNotFound = (answer: { status: number; body: Record<string, unknown> }, code: string) =>
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 404, code });

/** A module that may not exist yet in every checkout (entries other work adds): imported by name. */
async function load<T>(modulePath: string): Promise<T> {
  return (await import(/* @vite-ignore */ modulePath)) as T;
}

type Row = { none: string } | { probe: (caller: Caller) => Promise<void> };

type RouteModule = Record<string, (request: Request, context: unknown) => Promise<Response>>;

/**
 * Webhooks: a call on A's endpoint (or its delivery) is 404 for a caller who manages
 * webhooks in their own company, 403 FORBIDDEN for one who does not; A's endpoint stays as it was.
 */
function webhookRow(method: string, suffix: string, load: () => Promise<unknown>, body?: unknown): Row {
  return {
    probe: async (caller) => {
      const handler = ((await load()) as RouteModule)[method]!;
      const path = `/TesteCF/customer/webhooks/${seeded.webhookId}${suffix.replace("{deliveryId}", seeded.webhookDeliveryId)}`;
      const answer = await json(
        await handler(
          rest(method, path, caller, { body }),
          params({ environment: "TesteCF", id: seeded.webhookId, deliveryId: seeded.webhookDeliveryId }),
        ),
      );
      if (can(caller.account.auth, "webhooks.manage")) {
        expectNotFound(answer, "WEBHOOK_NOT_FOUND");
      } else {
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
      }
      const endpoint = await database.prisma.webhookEndpoint.findUnique({ where: { id: seeded.webhookId } });
      expect(endpoint).toMatchObject({
        enabled: true,
        url: "https://erp.a.do/webhooks",
        previousSecretExpiresAt: null,
      });
      const delivery = await database.prisma.webhookDelivery.findUnique({
        where: { id: seeded.webhookDeliveryId },
      });
      expect(delivery).toMatchObject({ attempts: 0, status: "failed" });
    },
  };
}

/** A webhook server action on A's endpoint, from another company's session: refused, nothing changed. */
function webhookActionRow(call: () => Promise<unknown>): Row {
  return {
    probe: async () => {
      expect(await act(call)).toMatchObject({ ok: false });
      const endpoint = await database.prisma.webhookEndpoint.findUnique({ where: { id: seeded.webhookId } });
      expect(endpoint).toMatchObject({
        enabled: true,
        url: "https://erp.a.do/webhooks",
        previousSecretExpiresAt: null,
      });
      expect(
        await database.prisma.outboxEvent.count({
          where: { type: "webhook.test", subjectId: seeded.webhookId },
        }),
      ).toBe(0);
    },
  };
}

const webhookActions = () => import("@/lib/portal/actions/webhook-actions");

/** A's member's unread notification, written on first use: no other company's session reaches it. */
const NOTIFICATION_ID = "0190f000-0000-7000-8000-0000000000c1";
async function seededNotification() {
  await database.prisma.notification.upsert({
    where: { id: NOTIFICATION_ID },
    update: {},
    create: {
      id: NOTIFICATION_ID,
      userId: a.auth.userId,
      accountId: a.auth.accountId,
      environment: "TesteCF",
      eventId: NOTIFICATION_ID,
      type: "webhook.disabled",
      data: {},
      createdAt: 1n,
    },
  });
}
const notificationStaysUnread = async () =>
  expect(
    (await database.prisma.notification.findUniqueOrThrow({ where: { id: NOTIFICATION_ID } })).readAt,
  ).toBeNull();
const notificationActions = () => import("@/lib/portal/actions/notification-actions");

const ROWS: Record<string, Row> = {
  // Public REST: sign-in is where the company is chosen; naming A's RNC is refused.
  "POST /auth/token": {
    probe: async (caller) => {
      const { POST } = await import("@/app/auth/token/route");
      const answer = await json(
        await POST(
          new Request("http://localhost/auth/token", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              username: caller.account.auth.email,
              password: caller.account.password,
              rnc: a.auth.rnc,
            }),
          }),
          params({}),
        ),
      );
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
    },
  },
  "POST /[environment]/customer/authentication": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/customer/authentication/route");
      const request = new Request("http://localhost/TesteCF/customer/authentication", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: caller.account.auth.email,
          password: caller.account.password,
          rnc: a.auth.rnc,
        }),
      });
      const answer = await json(await POST(request, params({ environment: "TesteCF" })));
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
    },
  },
  "POST /[environment]/customer/authentication/refresh": {
    none: "a refresh token renews its own user and company (refresh-tokens.ts re-checks the membership)",
  },
  "GET /healthz": { none: "no tenant data" },
  "GET /readyz": { none: "no tenant data" },
  "GET /openapi.json": { none: "no tenant data" },
  "GET /metrics": { none: "process-wide counters without company data, behind METRICS_TOKEN" },
  "GET /api/auth/[...nextauth]": { none: "next-auth's own endpoints: the session names a person, not data" },
  "POST /api/auth/[...nextauth]": { none: "next-auth's own endpoints: the session names a person, not data" },
  "GET /[environment]": { none: "JSON 404 for a path of one segment" },
  "POST /[environment]": { none: "JSON 404 for a path of one segment" },
  "PUT /[environment]": { none: "JSON 404 for a path of one segment" },
  "PATCH /[environment]": { none: "JSON 404 for a path of one segment" },
  "DELETE /[environment]": { none: "JSON 404 for a path of one segment" },
  "GET /[environment]/[...rest]": { none: "JSON 404 for any other path" },
  "POST /[environment]/[...rest]": { none: "JSON 404 for any other path" },
  "PUT /[environment]/[...rest]": { none: "JSON 404 for any other path" },
  "PATCH /[environment]/[...rest]": { none: "JSON 404 for any other path" },
  "DELETE /[environment]/[...rest]": { none: "JSON 404 for any other path" },
  "GET /auth/[...rest]": { none: "JSON 404 for any other path" },
  "POST /auth/[...rest]": { none: "JSON 404 for any other path" },
  "PUT /auth/[...rest]": { none: "JSON 404 for any other path" },
  "PATCH /auth/[...rest]": { none: "JSON 404 for any other path" },
  "DELETE /auth/[...rest]": { none: "JSON 404 for any other path" },

  // REST with the caller's token (and API key)
  "POST /[environment]/customer/void-ncf": {
    none: "creates a void of the token's company: the RNC comes from the token, never from the body",
  },
  "GET /[environment]/customer/void-ncf": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/customer/void-ncf/route");
      const list = await json(
        await GET(rest("GET", "/TesteCF/customer/void-ncf", caller), params({ environment: "TesteCF" })),
      );
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(seeded.voidId);
      const one = await json(
        await GET(
          rest("GET", `/TesteCF/customer/void-ncf?voidId=${seeded.voidId}`, caller),
          params({ environment: "TesteCF" }),
        ),
      );
      expectNotFound(one, "VOID_NOT_FOUND");
    },
  },
  "GET /[environment]/customer/void-ncf/[voidId]/xml": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/customer/void-ncf/[voidId]/xml/route");
      const answer = await json(
        await GET(
          rest("GET", `/TesteCF/customer/void-ncf/${seeded.voidId}/xml`, caller),
          params({ environment: "TesteCF", voidId: seeded.voidId }),
        ),
      );
      expectNotFound(answer, "VOID_NOT_FOUND");
    },
  },
  "POST /[environment]/customer/void-ncf/[voidId]/resolution": {
    probe: async (caller) => {
      const { POST } = await load<{ POST: (r: Request, c: unknown) => Promise<Response> }>(
        "@/app/[environment]/customer/void-ncf/[voidId]/resolution/route",
      );
      const answer = await json(
        await POST(
          rest("POST", `/TesteCF/customer/void-ncf/${seeded.voidId}/resolution`, caller, {
            body: { outcome: "Aceptado", note: "confirmado por la DGII" },
          }),
          params({ environment: "TesteCF", voidId: seeded.voidId }),
        ),
      );
      // No scope settles: the service account is refused before the void is looked up.
      if (can(caller.account.auth, "voids.settle")) expectNotFound(answer, "VOID_NOT_FOUND");
      else
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
    },
  },
  "GET /[environment]/customer/void-requests": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/customer/void-requests/route");
      const list = await json(
        await GET(rest("GET", "/TesteCF/customer/void-requests", caller), params({ environment: "TesteCF" })),
      );
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(seeded.requestId);
    },
  },
  "GET /[environment]/customer/void-requests/[requestId]": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/customer/void-requests/[requestId]/route");
      const answer = await json(
        await GET(
          rest("GET", `/TesteCF/customer/void-requests/${seeded.requestId}`, caller),
          params({ environment: "TesteCF", requestId: seeded.requestId }),
        ),
      );
      expectNotFound(answer, "VOID_REQUEST_NOT_FOUND");
    },
  },
  "POST /[environment]/customer/void-requests/[requestId]/approve": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/customer/void-requests/[requestId]/approve/route");
      const answer = await json(
        await POST(
          rest("POST", `/TesteCF/customer/void-requests/${seeded.requestId}/approve`, caller),
          params({ environment: "TesteCF", requestId: seeded.requestId }),
        ),
      );
      if (can(caller.account.auth, "voids.approve")) expectNotFound(answer, "VOID_REQUEST_NOT_FOUND");
      else
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
      expect(
        (await database.prisma.voidRequest.findUnique({ where: { id: seeded.requestId } }))?.status,
      ).toBe("Pendiente");
    },
  },
  "POST /[environment]/customer/void-requests/[requestId]/reject": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/customer/void-requests/[requestId]/reject/route");
      const answer = await json(
        await POST(
          rest("POST", `/TesteCF/customer/void-requests/${seeded.requestId}/reject`, caller, {
            body: { reason: "no" },
          }),
          params({ environment: "TesteCF", requestId: seeded.requestId }),
        ),
      );
      if (can(caller.account.auth, "voids.approve")) expectNotFound(answer, "VOID_REQUEST_NOT_FOUND");
      else
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
      expect(
        (await database.prisma.voidRequest.findUnique({ where: { id: seeded.requestId } }))?.status,
      ).toBe("Pendiente");
    },
  },
  "GET /[environment]/documentos-ecf": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/documentos-ecf/route");
      const path = `/TesteCF/documentos-ecf?ecf=${seeded.ncf}`;
      expectNotFound(
        await json(await GET(rest("GET", path, caller), contextOf("TesteCF"))),
        "DOCUMENT_NOT_FOUND",
      );
      const withAKey = await json(
        await GET(rest("GET", path, caller, { apiKey: a.apiKey }), contextOf("TesteCF")),
      );
      expect({ status: withAKey.status, code: withAKey.body.code }).toEqual({
        status: 403,
        code: "FORBIDDEN",
      });
    },
  },
  "POST /[environment]/documentos-ecf/status/batch": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/documentos-ecf/status/batch/route");
      const path = "/TesteCF/documentos-ecf/status/batch";
      const answer = await json(
        await POST(rest("POST", path, caller, { body: { ecfs: [seeded.ncf] } }), contextOf("TesteCF")),
      );
      expect(answer.status).toBe(200);
      expect(answer.body.results).toEqual([expect.objectContaining({ found: false })]);
      const withAKey = await json(
        await POST(
          rest("POST", path, caller, { body: { ecfs: [seeded.ncf] }, apiKey: a.apiKey }),
          contextOf("TesteCF"),
        ),
      );
      expect(withAKey.status).toBe(403);
    },
  },
  "GET /[environment]/secuencias": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/secuencias/route");
      const answer = await json(await GET(rest("GET", "/TesteCF/secuencias", caller), contextOf("TesteCF")));
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(seeded.authorizationId);
      // Only what the caller's own company imported (the import row's probe): never A's documents.
      expect(answer.text).not.toContain(seeded.ncf);
      for (const type of answer.body.types as Array<{ issued: number }>)
        expect(type.issued).toBeLessThanOrEqual(1);
    },
  },
  "GET /[environment]/secuencias/huecos": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/secuencias/huecos/route");
      const answer = await json(
        await GET(rest("GET", "/TesteCF/secuencias/huecos", caller), contextOf("TesteCF")),
      );
      expect(answer.status).toBe(200);
      expect(answer.body.gaps).toEqual([]);
      expect(answer.text).not.toContain(seeded.ncf);
      expect(answer.text).not.toContain(seeded.skippedNcf);
    },
  },
  "GET /[environment]/secuencias/[encf]/remedio": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/secuencias/[encf]/remedio/route");
      const path = `/TesteCF/secuencias/${seeded.ncf}/remedio`;
      const answer = await json(
        await GET(rest("GET", path, caller), {
          params: Promise.resolve({ environment: "TesteCF", encf: seeded.ncf }),
        }),
      );
      expect(answer.status).toBe(200);
      // A's document is never the caller's: the ledger holds nothing for it, so nothing to credit.
      expect(answer.body.checks).toContainEqual(
        expect.objectContaining({ check: "ledger", result: "not-held" }),
      );
      expect(answer.body.kind).not.toBe("credit-note");
    },
  },
  "GET /[environment]/secuencias/autorizaciones": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/secuencias/autorizaciones/route");
      const path = "/TesteCF/secuencias/autorizaciones";
      const answer = await json(await GET(rest("GET", path, caller), contextOf("TesteCF")));
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(seeded.authorizationId);
    },
  },
  "POST /[environment]/secuencias/autorizaciones": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/secuencias/autorizaciones/route");
      // A's range in the caller's own company: no overlap with A's authorization (another company).
      const body = {
        secuenciaDesde: "E310000000001",
        secuenciaHasta: "E310000001000",
        fechaAutorizacion: "01-01-2026",
      };
      const path = "/TesteCF/secuencias/autorizaciones";
      const answer = await json(await POST(rest("POST", path, caller, { body }), contextOf("TesteCF")));
      if (!can(caller.account.auth, "ledger.manage")) {
        // No scope gives ledger.manage: the service account is refused before anything is read.
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
        return;
      }
      expect(answer.status).toBe(201);
      await database.prisma.sequenceAuthorization.delete({ where: { id: answer.body.id as string } });
    },
  },
  "DELETE /[environment]/secuencias/autorizaciones/[id]": {
    probe: async (caller) => {
      const { DELETE } = await import("@/app/[environment]/secuencias/autorizaciones/[id]/route");
      const path = `/TesteCF/secuencias/autorizaciones/${seeded.authorizationId}`;
      const answer = await json(
        await DELETE(rest("DELETE", path, caller), {
          params: Promise.resolve({ environment: "TesteCF", id: seeded.authorizationId }) as Promise<never>,
        }),
      );
      if (can(caller.account.auth, "ledger.manage")) expectNotFound(answer, "AUTHORIZATION_NOT_FOUND");
      else expect(answer.status).toBe(403);
      expect(
        await database.prisma.sequenceAuthorization.count({ where: { id: seeded.authorizationId } }),
      ).toBe(1);
    },
  },
  "POST /[environment]/documentos-ecf": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/documentos-ecf/route");
      // Issuing as A (A's RNC as RNCEmisor, A's number): refused, never signed with anyone's certificate.
      const body = sampleEcfBody("31");
      const encabezado = body.ECF.Encabezado as Record<string, Record<string, unknown>>;
      encabezado.Emisor!.RNCEmisor = a.auth.rnc;
      encabezado.IdDoc!.eNCF = seeded.ncf;
      const answer = await json(
        await POST(rest("POST", "/TesteCF/documentos-ecf", caller, { body }), contextOf("TesteCF")),
      );
      if (!can(caller.account.auth, "documents.issue")) {
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
        return;
      }
      expect({ status: answer.status, code: answer.body.code }).toEqual({
        status: 400,
        code: "ECF_VALIDATION_FAILED",
      });
      expect(answer.text).toContain("RNC_EMISOR_MISMATCH");
      const [ofA] = await findDocumentsByNcf(a.auth.accountId, "TesteCF", [seeded.ncf]);
      expect(ofA?.source).not.toBe("issued");
    },
  },
  "GET /[environment]/documentos-ecf/[ecf]/xml": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/documentos-ecf/[ecf]/xml/route");
      const path = `/TesteCF/documentos-ecf/${seeded.ncf}/xml`;
      const answer = await json(
        await GET(rest("GET", path, caller), params({ environment: "TesteCF", ecf: seeded.ncf })),
      );
      if (can(caller.account.auth, "documents.read")) expectNotFound(answer, "DOCUMENT_NOT_FOUND");
      else expect(answer.status).toBe(403);
    },
  },
  "GET /[environment]/documentos-ecf/[ecf]/pdf": {
    probe: async (caller) => {
      const { GET } = await load<{ GET: (r: Request, c: unknown) => Promise<Response> }>(
        "@/app/[environment]/documentos-ecf/[ecf]/pdf/route",
      );
      const path = `/TesteCF/documentos-ecf/${seeded.ncf}/pdf`;
      const answer = await json(
        await GET(rest("GET", path, caller), params({ environment: "TesteCF", ecf: seeded.ncf })),
      );
      if (can(caller.account.auth, "documents.read")) expectNotFound(answer, "DOCUMENT_NOT_FOUND");
      else expect(answer.status).toBe(403);
    },
  },
  "GET /[environment]/documentos-ecf/por-confirmar": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/documentos-ecf/por-confirmar/route");
      const answer = await json(
        await GET(rest("GET", "/TesteCF/documentos-ecf/por-confirmar", caller), contextOf("TesteCF")),
      );
      if (!can(caller.account.auth, "documents.read")) {
        expect(answer.status).toBe(403);
        return;
      }
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(seeded.ncf);
    },
  },
  "POST /[environment]/documentos-ecf/[ecf]/resolution": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/documentos-ecf/[ecf]/resolution/route");
      const answer = await json(
        await POST(
          rest("POST", `/TesteCF/documentos-ecf/${seeded.ncf}/resolution`, caller, {
            body: { decision: "resend", note: "otra empresa" },
          }),
          params({ environment: "TesteCF", ecf: seeded.ncf }),
        ),
      );
      if (can(caller.account.auth, "documents.settle")) expectNotFound(answer, "DOCUMENT_NOT_FOUND");
      else
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
      const [ofA] = await findDocumentsByNcf(a.auth.accountId, "TesteCF", [seeded.ncf]);
      expect(ofA?.status).toBe("Aceptado");
    },
  },
  "GET /[environment]/emisor/certificacion": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/emisor/certificacion/route");
      await database.prisma.account.update({
        where: { id: a.auth.accountId },
        data: { issuerCertifiedAt: BigInt(Date.now()), issuerCertifiedBy: "admin@a.do" },
      });
      const answer = await json(
        await GET(rest("GET", "/TesteCF/emisor/certificacion", caller), contextOf("TesteCF")),
      );
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain("admin@a.do");
      await database.prisma.account.update({
        where: { id: a.auth.accountId },
        data: { issuerCertifiedAt: null, issuerCertifiedBy: null },
      });
    },
  },
  "PUT /[environment]/emisor/certificacion": {
    probe: async (caller) => {
      const { PUT } = await import("@/app/[environment]/emisor/certificacion/route");
      const answer = await json(
        await PUT(rest("PUT", "/TesteCF/emisor/certificacion", caller), contextOf("TesteCF")),
      );
      if (!can(caller.account.auth, "issuer.certify")) expect(answer.status).toBe(403);
      const ofA = await database.prisma.account.findUnique({ where: { id: a.auth.accountId } });
      expect(ofA?.issuerCertifiedAt).toBeNull();
      // Only the caller's own company was recorded; put it back.
      await database.prisma.account.update({
        where: { id: caller.account.auth.accountId },
        data: { issuerCertifiedAt: null, issuerCertifiedBy: null },
      });
    },
  },
  "DELETE /[environment]/emisor/certificacion": {
    probe: async (caller) => {
      const { DELETE } = await import("@/app/[environment]/emisor/certificacion/route");
      const certifiedAt = BigInt(Date.now());
      await database.prisma.account.update({
        where: { id: a.auth.accountId },
        data: { issuerCertifiedAt: certifiedAt, issuerCertifiedBy: "admin@a.do" },
      });
      await json(await DELETE(rest("DELETE", "/TesteCF/emisor/certificacion", caller), contextOf("TesteCF")));
      const ofA = await database.prisma.account.findUnique({ where: { id: a.auth.accountId } });
      expect(ofA?.issuerCertifiedAt).toBe(certifiedAt);
      await database.prisma.account.update({
        where: { id: a.auth.accountId },
        data: { issuerCertifiedAt: null, issuerCertifiedBy: null },
      });
    },
  },
  "GET /[environment]/emisor/contingencia": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/emisor/contingencia/route");
      const period = await database.prisma.contingencyPeriod.create({
        data: {
          accountId: a.auth.accountId,
          environment: "TesteCF",
          declaredAt: 1n,
          declaredBy: "admin@a.do",
        },
      });
      const answer = await json(
        await GET(rest("GET", "/TesteCF/emisor/contingencia", caller), contextOf("TesteCF")),
      );
      if (caller.account.auth.accountId !== a.auth.accountId) expect(answer.text).not.toContain("admin@a.do");
      await database.prisma.contingencyPeriod.delete({ where: { id: period.id } });
    },
  },
  "POST /[environment]/emisor/contingencia": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/emisor/contingencia/route");
      const answer = await json(
        await POST(rest("POST", "/TesteCF/emisor/contingencia", caller), contextOf("TesteCF")),
      );
      if (!can(caller.account.auth, "issuer.contingency")) expect(answer.status).toBe(403);
      if (caller.account.auth.accountId !== a.auth.accountId) {
        expect(
          await database.prisma.contingencyPeriod.count({ where: { accountId: a.auth.accountId } }),
        ).toBe(0);
      }
    },
  },
  "DELETE /[environment]/emisor/contingencia": {
    probe: async (caller) => {
      const { DELETE } = await import("@/app/[environment]/emisor/contingencia/route");
      const period = await database.prisma.contingencyPeriod.create({
        data: {
          accountId: a.auth.accountId,
          environment: "TesteCF",
          declaredAt: 1n,
          declaredBy: "admin@a.do",
        },
      });
      await json(await DELETE(rest("DELETE", "/TesteCF/emisor/contingencia", caller), contextOf("TesteCF")));
      const ofA = await database.prisma.contingencyPeriod.findUnique({ where: { id: period.id } });
      if (caller.account.auth.accountId !== a.auth.accountId) expect(ofA?.endedAt).toBeNull();
      await database.prisma.contingencyPeriod.delete({ where: { id: period.id } });
    },
  },
  "GET /[environment]/emisor/plazos": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/emisor/plazos/route");
      await database.prisma.ecfDeadlineSetting.create({
        data: {
          accountId: a.auth.accountId,
          deferredWindowHours: 47,
          updatedAt: 1n,
          updatedBy: "admin@a.do",
        },
      });
      const answer = await json(
        await GET(rest("GET", "/TesteCF/emisor/plazos", caller), contextOf("TesteCF")),
      );
      if (caller.account.auth.accountId !== a.auth.accountId) {
        expect(answer.body.deferredWindowHours).not.toBe(47);
      }
      await database.prisma.ecfDeadlineSetting.delete({ where: { accountId: a.auth.accountId } });
    },
  },
  "GET /[environment]/organizacion/cierres-de-ano": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/organizacion/cierres-de-ano/route");
      const path = "/TesteCF/organizacion/cierres-de-ano";
      const answer = await json(await GET(rest("GET", path, caller), contextOf("TesteCF")));
      expect(answer.status).toBe(200);
      // Another organization never sees A's organization's campaigns.
      if (caller.name === "other organization") expect(answer.text).not.toContain(seeded.yearEndCloseId);
    },
  },
  "POST /[environment]/organizacion/cierres-de-ano": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/organizacion/cierres-de-ano/route");
      const request = rest("POST", "/TesteCF/organizacion/cierres-de-ano", caller, { body: { year: 2026 } });
      const answer = await json(await POST(request, contextOf("TesteCF")));
      if (!can(caller.account.auth, "organization.manage")) {
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
        return;
      }
      expect(answer.status).toBe(201);
      // A campaign covers the caller's own organization: another one's never holds A.
      if (caller.name === "other organization") expect(answer.text).not.toContain(a.auth.accountId);
    },
  },
  "GET /[environment]/organizacion/cierres-de-ano/[closeId]": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/organizacion/cierres-de-ano/[closeId]/route");
      const path = `/TesteCF/organizacion/cierres-de-ano/${seeded.yearEndCloseId}`;
      const answer = await json(
        await GET(
          rest("GET", path, caller),
          params({ environment: "TesteCF", closeId: seeded.yearEndCloseId }),
        ),
      );
      if (caller.name === "other organization") return expectNotFound(answer, "YEAR_END_CLOSE_NOT_FOUND");
      expect(answer.status).toBe(200);
      // The organization's administrator sees every company; a member of B only B.
      if (!isOrganizationAdmin(caller)) expect(answer.text).not.toContain(a.auth.accountId);
    },
  },
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/iniciar": {
    probe: async (caller) => {
      const { POST } =
        await import("@/app/[environment]/organizacion/cierres-de-ano/[closeId]/iniciar/route");
      const path = `/TesteCF/organizacion/cierres-de-ano/${seeded.yearEndCloseId}/iniciar`;
      const answer = await json(
        await POST(
          rest("POST", path, caller),
          params({ environment: "TesteCF", closeId: seeded.yearEndCloseId }),
        ),
      );
      if (!can(caller.account.auth, "organization.manage")) {
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: "FORBIDDEN" });
        return;
      }
      if (caller.name === "other organization") return expectNotFound(answer, "YEAR_END_CLOSE_NOT_FOUND");
      // A's own organization's administrator may start it (or it has started already).
      expect([200, 409]).toContain(answer.status);
    },
  },
  ...Object.fromEntries(
    (["confirmar", "decision"] as const).map((action) => [
      `POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/${action}`,
      {
        probe: async (caller: Caller) => {
          const route = (await load(
            `@/app/[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/${action}/route`,
          )) as RouteModule;
          const path = `/TesteCF/organizacion/cierres-de-ano/${seeded.yearEndCloseId}/empresas/${a.auth.accountId}/${action}`;
          const body = action === "decision" ? { decision: "approve" } : undefined;
          const answer = await json(
            await route.POST!(
              rest("POST", path, caller, { body }),
              params({ environment: "TesteCF", closeId: seeded.yearEndCloseId, companyId: a.auth.accountId }),
            ),
          );
          if (caller.name === "other organization") return expectNotFound(answer, "YEAR_END_CLOSE_NOT_FOUND");
          if (isOrganizationAdmin(caller)) {
            // Its own organization's company: nothing to confirm or decide there (A has no tail).
            expect({ status: answer.status, code: answer.body.code }).toEqual({
              status: 409,
              code: "YEAR_END_CLOSE_NOT_READY",
            });
            return;
          }
          expect({ status: answer.status, code: answer.body.code }).toEqual({
            status: 403,
            code: "FORBIDDEN",
          });
          const row = await database.prisma.yearEndCloseCompany.findUniqueOrThrow({
            where: { closeId_accountId: { closeId: seeded.yearEndCloseId, accountId: a.auth.accountId } },
          });
          expect(row.decidedBy).toBeNull();
          expect(row.confirmedBy).toBeNull();
        },
      } satisfies Row,
    ]),
  ),
  "PUT /[environment]/emisor/plazos": {
    probe: async (caller) => {
      const { PUT } = await import("@/app/[environment]/emisor/plazos/route");
      const body = { deferredWindowHours: 12, approachingPercent: 50, gapWindowDays: 9 };
      const request = rest("PUT", "/TesteCF/emisor/plazos", caller, { body });
      const answer = await json(await PUT(request, contextOf("TesteCF")));
      if (!can(caller.account.auth, "issuer.contingency")) expect(answer.status).toBe(403);
      if (caller.account.auth.accountId !== a.auth.accountId) {
        expect(
          await database.prisma.ecfDeadlineSetting.count({ where: { accountId: a.auth.accountId } }),
        ).toBe(0);
        expect(
          await database.prisma.gapDeadlineSetting.count({ where: { accountId: a.auth.accountId } }),
        ).toBe(0);
      }
    },
  },
  "POST /[environment]/documentos-ecf/import": {
    probe: async (caller) => {
      const { POST } = await import("@/app/[environment]/documentos-ecf/import/route");
      const body = { documents: [importEntry(seeded.importedNcf, { status: "Rechazado" })] };
      const answer = await json(
        await POST(rest("POST", "/TesteCF/documentos-ecf/import", caller, { body }), contextOf("TesteCF")),
      );
      expect(answer.status).toBe(200); // into the caller's own company
      const [ofA] = await findDocumentsByNcf(a.auth.accountId, "TesteCF", [seeded.importedNcf]);
      expect(ofA?.status).toBe("Aceptado");
    },
  },

  "GET /[environment]/customer/audit-pack": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/customer/audit-pack/route");
      const day = new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
      const response = await GET(
        rest("GET", `/TesteCF/customer/audit-pack?from=${day}&to=${day}`, caller),
        params({ environment: "TesteCF" }),
      );
      if (response.status === 403) return; // a service account: no scope gives audit.export
      expect(response.status).toBe(200);
      // The pack of the caller's own company: nothing of A's, in any file.
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      for (const [name, bytes] of Object.entries(files)) {
        expect(name).not.toContain(a.auth.rnc);
        expect(Buffer.from(bytes).toString("utf8"), name).not.toContain(seeded.voidId);
      }
    },
  },
  // Portal downloads (session of the caller's person; their company)
  "GET /(portal)/voids/export": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/voids/export/route");
      const answer = await json(
        await GET(new Request("http://localhost/voids/export?format=csv"), params({})),
      );
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(seeded.voidId);
    },
  },
  "GET /(portal)/audit/export": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/audit/export/route");
      const day = new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
      const response = await GET(
        new Request(`http://localhost/audit/export?from=${day}&to=${day}&environment=TesteCF`),
        params({}),
      );
      expect(response.status).toBe(200);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      for (const [name, bytes] of Object.entries(files)) {
        expect(name).not.toContain(a.auth.rnc);
        expect(Buffer.from(bytes).toString("utf8"), name).not.toContain(seeded.voidId);
      }
    },
  },
  "GET /(portal)/settings/activity/export": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/settings/activity/export/route");
      const answer = await json(
        await GET(new Request("http://localhost/settings/activity/export"), params({})),
      );
      expect(answer.status).toBe(200);
      // The caller's company's log only: A's API key (created in A's log) never appears.
      expect(answer.text).not.toContain(seeded.apiKeyId);
      expect(answer.text).not.toContain(a.auth.userId);
    },
  },
  "GET /(portal)/organization/activity/export": {
    probe: async (caller) => {
      const { GET } = await import("@/app/(portal)/organization/activity/export/route");
      const answer = await json(
        await GET(new Request("http://localhost/organization/activity/export"), params({})),
      );
      if (!caller.account.auth.organizationAdmin) {
        expect(answer.status).toBe(403);
        return;
      }
      expect(answer.status).toBe(200);
      // Organization-level entries only: nothing of A's company log (its API key).
      expect(answer.text).not.toContain(seeded.apiKeyId);
    },
  },
  "GET /(portal)/documents/export": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/documents/export/route");
      const answer = await json(
        await GET(new Request(`http://localhost/documents/export?ecfs=${seeded.ncf}`), params({})),
      );
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`${seeded.ncf},No encontrado`);
    },
  },
  "GET /(portal)/documents/[ecf]/pdf": {
    probe: async () => {
      const { GET } = await load<{ GET: (r: Request, c: unknown) => Promise<Response> }>(
        "@/app/(portal)/documents/[ecf]/pdf/route",
      );
      const answer = await json(
        await GET(new Request(`http://localhost/documents/${seeded.ncf}/pdf`), params({ ecf: seeded.ncf })),
      );
      expectNotFound(answer, "DOCUMENT_NOT_FOUND");
    },
  },
  "GET /(portal)/documents/[ecf]/xml": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/documents/[ecf]/xml/route");
      const answer = await json(
        await GET(new Request(`http://localhost/documents/${seeded.ncf}/xml`), params({ ecf: seeded.ncf })),
      );
      expectNotFound(answer, "DOCUMENT_NOT_FOUND");
    },
  },
  "GET /(portal)/documents/[ecf]/decisions/[decisionId]/evidence": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/documents/[ecf]/decisions/[decisionId]/evidence/route");
      const url = `http://localhost/documents/${seeded.ncf}/decisions/${seeded.voidId}/evidence`;
      const answer = await GET(new Request(url), params({ ecf: seeded.ncf, decisionId: seeded.voidId }));
      expect(answer.status).toBe(404);
    },
  },
  "GET /(portal)/documents/list-export": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/documents/list-export/route");
      const answer = await json(
        await GET(new Request("http://localhost/documents/list-export?format=csv"), params({})),
      );
      expect(answer.status).toBe(200);
      // A's documents never appear (a caller may hold its own importedNcf: the import probe makes it).
      expect(answer.text).not.toContain(seeded.ncf);
    },
  },
  "GET /(portal)/voids/[voidId]/xml": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/voids/[voidId]/xml/route");
      const answer = await json(
        await GET(
          new Request(`http://localhost/voids/${seeded.voidId}/xml`),
          params({ voidId: seeded.voidId }),
        ),
      );
      expect(answer.status).toBe(404);
    },
  },
  "GET /(portal)/voids/[voidId]/ranges": {
    probe: async () => {
      const { GET } = await import("@/app/(portal)/voids/[voidId]/ranges/route");
      const answer = await json(
        await GET(
          new Request(`http://localhost/voids/${seeded.voidId}/ranges`),
          params({ voidId: seeded.voidId }),
        ),
      );
      expect(answer.status).toBe(404);
    },
  },
  "GET /(portal)/voids/[voidId]/evidence/[evidenceId]": {
    probe: async () => {
      const { GET } = await load<{ GET: (r: Request, c: unknown) => Promise<Response> }>(
        "@/app/(portal)/voids/[voidId]/evidence/[evidenceId]/route",
      );
      const url = `http://localhost/voids/${seeded.voidId}/evidence/${seeded.voidId}`;
      const answer = await GET(
        new Request(url),
        params({ voidId: seeded.voidId, evidenceId: seeded.voidId }),
      );
      expect(answer.status).toBe(404);
    },
  },

  // Portal actions
  "action checkVoidWarnings": {
    none: "reads the caller's company's own earlier voids only (keyed by accountId)",
  },
  "action submitVoid": { none: "creates a void of the session's company; takes no id" },
  "action settleVoidAction": {
    probe: async () => {
      const { settleVoidAction } = await load<{ settleVoidAction: (data: FormData) => Promise<unknown> }>(
        "@/lib/portal/actions/settlement-actions",
      );
      const data = new FormData();
      data.set("voidId", seeded.voidId);
      data.set("environment", "TesteCF");
      data.set("outcome", "Rechazado");
      data.set("note", "intento de otra empresa");
      expect(await act(() => settleVoidAction(data))).toMatchObject({ ok: false });
    },
  },
  "action decideIssuedReviewAction": {
    probe: async () => {
      const { decideIssuedReviewAction } = await load<{
        decideIssuedReviewAction: (data: FormData) => Promise<unknown>;
      }>("@/lib/portal/actions/issued-review-actions");
      const data = new FormData();
      data.set("ecf", seeded.ncf);
      data.set("environment", "TesteCF");
      data.set("decision", "resend");
      data.set("note", "intento de otra empresa");
      expect(await act(() => decideIssuedReviewAction(data))).toMatchObject({ ok: false });
      const [ofA] = await findDocumentsByNcf(a.auth.accountId, "TesteCF", [seeded.ncf]);
      expect(ofA?.status).toBe("Aceptado");
    },
  },
  "action resendVoidAction": {
    probe: async () => {
      const { resendVoidAction } = await load<{
        resendVoidAction: (voidId: string, environment: string, confirmation: string) => Promise<unknown>;
      }>("@/lib/portal/actions/settlement-actions");
      expect(await act(() => resendVoidAction(seeded.voidId, "TesteCF", seeded.voidId))).toMatchObject({
        ok: false,
      });
    },
  },
  "action askDgiiAboutVoidAction": {
    probe: async () => {
      const { askDgiiAboutVoidAction } = await load<{
        askDgiiAboutVoidAction: (voidId: string, environment: string) => Promise<unknown>;
      }>("@/lib/portal/actions/void-question-actions");
      expect(await act(() => askDgiiAboutVoidAction(seeded.voidId, "TesteCF"))).toMatchObject({ ok: false });
      expect(await database.prisma.voidEvidence.count({ where: { voidId: seeded.voidId } })).toBe(0);
    },
  },
  "action lookupDocumentsBatchAction": {
    probe: async () => {
      const { lookupDocumentsBatchAction } = await import("@/lib/portal/actions/document-actions");
      const data = new FormData();
      data.set("ecfs", seeded.ncf);
      const state = await lookupDocumentsBatchAction({}, data);
      expect(state.results).toEqual([expect.objectContaining({ ecf: seeded.ncf, kind: "not-found" })]);
    },
  },
  "action recheckDocumentAction": {
    probe: async () => {
      const { recheckDocumentAction } = await import("@/lib/portal/actions/document-actions");
      // A remembers DGII's "absent" for a number: another company's recheck must not forget it.
      const remembered = {
        accountId: a.auth.accountId,
        environment: "TesteCF" as const,
        ncf: "E310000000399",
      };
      await claimLookup(remembered, 60_000);
      await markAbsent(remembered, 600_000);
      expect(await recheckDocumentAction({ ecf: seeded.ncf })).toEqual({
        ok: true,
        result: expect.objectContaining({ ecf: seeded.ncf, kind: "not-found" }),
      });
      expect(await recheckDocumentAction({ ecf: remembered.ncf })).toMatchObject({ ok: true });
      expect(await claimLookup(remembered, 60_000)).toBe("absent");
    },
  },
  "action importErpFileAction": { none: "imports into the session's company; takes no id" },
  "action createAuthorizationAction": { none: "enters an authorization of the session's company" },
  "action importAuthorizationsCsvAction": { none: "enters authorizations of the session's company" },
  "action deleteAuthorizationAction": {
    none: "deletes by id within the session's company only (deleteAuthorization filters by accountId: another company's id is 404 AUTHORIZATION_NOT_FOUND, ledger tests)",
  },
  "action setCoverageMarkAction": { none: "sets the session's company's mark; takes no id" },
  "action checkRangesSentAction": {
    none: "asks DGII as the session's company (its RNC and certificate); takes no id",
  },
  "action selectAllGapsAction": {
    probe: async () => {
      const { selectAllGapsAction } = await import("@/lib/portal/actions/sequence-actions");
      const outcome = await act(() => selectAllGapsAction());
      // The caller's own company has no coverage mark: none of A's gaps (A's skipped 323–324) come back.
      expect(outcome).toMatchObject({ ok: true, ranges: [], capped: false });
      expect(JSON.stringify(outcome)).not.toContain(seeded.skippedNcf);
    },
  },
  "action uploadCertificateAction": { none: "uploads for the session's company; takes no id" },
  "action linkCertificateAction": {
    probe: async (caller) => {
      const { linkCertificateAction } = await import("@/lib/portal/actions/settings-actions");
      const outcome = await act(() => linkCertificateAction(seeded.certificateId));
      // A certificate belongs to the organization: a sister company may use it (one delegated signer
      // for several companies); another organization's company never.
      expect(outcome).toMatchObject({
        ok: caller.account.auth.organizationId === a.auth.organizationId,
      });
    },
  },
  "action recordIssuerCertificationAction": {
    probe: async (caller) => {
      const { recordIssuerCertificationAction } = await import("@/lib/portal/actions/settings-actions");
      await act(() => recordIssuerCertificationAction(true));
      // Only the session's own company is recorded: A's record stays as it was.
      const ofA = await database.prisma.account.findUnique({ where: { id: a.auth.accountId } });
      expect(ofA?.issuerCertifiedAt).toBeNull();
      await database.prisma.account.update({
        where: { id: caller.account.auth.accountId },
        data: { issuerCertifiedAt: null, issuerCertifiedBy: null },
      });
    },
  },
  "action declareContingencyAction": {
    probe: async (caller) => {
      const { declareContingencyAction } = await import("@/lib/portal/actions/contingency-actions");
      await act(() => declareContingencyAction("TesteCF"));
      // Only the session's own company declares: A has no period.
      if (caller.account.auth.accountId !== a.auth.accountId) {
        expect(
          await database.prisma.contingencyPeriod.count({ where: { accountId: a.auth.accountId } }),
        ).toBe(0);
      }
    },
  },
  "action endContingencyAction": { none: "ends the session's company's contingency; takes no id" },
  "action saveDeadlineSettingsAction": { none: "saves the session's company's settings; takes no id" },
  "action reserveCreditNoteRangeAction": {
    none: "reserves in the session's company and environment, inside its own authorizations; takes no id",
  },
  "action removeCreditNoteRangeAction": {
    probe: async () => {
      const range = await database.prisma.portalCreditNoteRange.create({
        data: {
          accountId: a.auth.accountId,
          environment: "TesteCF",
          serie: "E",
          desde: BigInt(900),
          hasta: BigInt(999),
          createdBy: "isolation@a.do",
          createdAt: BigInt(Date.now()),
        },
      });
      const { removeCreditNoteRangeAction } = await import("@/lib/portal/actions/credit-note-actions");
      expect(await act(() => removeCreditNoteRangeAction(range.id))).toMatchObject({ ok: false });
      // A's reserved range stays.
      expect(
        await database.prisma.portalCreditNoteRange.findUnique({ where: { id: range.id } }),
      ).not.toBeNull();
      await database.prisma.portalCreditNoteRange.delete({ where: { id: range.id } });
    },
  },
  "action prepareCreditNoteAction": {
    probe: async () => {
      const { prepareCreditNoteAction } = await import("@/lib/portal/actions/credit-note-actions");
      // A's e-NCF is not a document of the caller's company: nothing to credit, nothing of A's shown.
      const outcome = await act(() => prepareCreditNoteAction(seeded.ncf, "Devolución total"));
      expect(outcome).toMatchObject({ ok: false });
      expect(JSON.stringify(outcome)).not.toContain(a.auth.rnc);
    },
  },
  "action issueCreditNoteAction": {
    probe: async () => {
      const { issueCreditNoteAction } = await import("@/lib/portal/actions/credit-note-actions");
      const creditNotes = () => database.prisma.document.count({ where: { ncf: { startsWith: "E34" } } });
      const before = await creditNotes();
      expect(await act(() => issueCreditNoteAction(seeded.ncf, "Devolución total"))).toMatchObject({
        ok: false,
      });
      expect(await creditNotes()).toBe(before);
    },
  },
  "action createApiKeyAction": { none: "creates a key of the session's company; takes no id" },
  "action revokeApiKeyAction": {
    probe: async () => {
      const { revokeApiKeyAction } = await import("@/lib/portal/actions/settings-actions");
      expect(await act(() => revokeApiKeyAction(seeded.apiKeyId))).toMatchObject({ ok: false });
    },
  },
  "action createServiceAccountAction": { none: "creates a service account of the session's company" },
  "action rotateServiceAccountSecretAction": {
    probe: async () => {
      const { rotateServiceAccountSecretAction } =
        await import("@/lib/portal/actions/service-account-actions");
      expect(await act(() => rotateServiceAccountSecretAction(seeded.serviceAccountId, 0))).toMatchObject({
        ok: false,
      });
    },
  },
  "action setServiceAccountDisabledAction": {
    probe: async () => {
      const { setServiceAccountDisabledAction } =
        await import("@/lib/portal/actions/service-account-actions");
      expect(await act(() => setServiceAccountDisabledAction(seeded.serviceAccountId, true))).toMatchObject({
        ok: false,
      });
    },
  },
  "action setServiceAccountSendWithoutApprovalAction": {
    probe: async () => {
      const { setServiceAccountSendWithoutApprovalAction } =
        await import("@/lib/portal/actions/service-account-actions");
      expect(
        await act(() => setServiceAccountSendWithoutApprovalAction(seeded.serviceAccountId, true)),
      ).toMatchObject({ ok: false });
      expect(
        (await database.prisma.serviceAccount.findUnique({ where: { id: seeded.serviceAccountId } }))
          ?.sendWithoutApproval,
      ).toBe(false);
    },
  },
  "action setApprovalPolicyAction": {
    none: "sets the policy of the session's own company (no company id is passed)",
  },
  "action approveVoidRequestAction": {
    probe: async () => {
      const { approveVoidRequestAction } = await import("@/lib/portal/actions/approval-actions");
      expect(
        await act(() => approveVoidRequestAction({ requestId: seeded.requestId, environment: "TesteCF" })),
      ).toMatchObject({ ok: false });
      expect(
        (await database.prisma.voidRequest.findUnique({ where: { id: seeded.requestId } }))?.status,
      ).toBe("Pendiente");
    },
  },
  "action rejectVoidRequestAction": {
    probe: async () => {
      const { rejectVoidRequestAction } = await import("@/lib/portal/actions/approval-actions");
      expect(
        await act(() =>
          rejectVoidRequestAction({ requestId: seeded.requestId, environment: "TesteCF", reason: "no" }),
        ),
      ).toMatchObject({ ok: false });
      expect(
        (await database.prisma.voidRequest.findUnique({ where: { id: seeded.requestId } }))?.status,
      ).toBe("Pendiente");
    },
  },
  "action inviteUserAction": {
    none: "adds a membership in the session's company (an existing person's credentials are never touched)",
  },
  "action setMemberRolesAction": {
    probe: async () => {
      const { setMemberRolesAction } = await import("@/lib/portal/actions/member-actions");
      expect(await act(() => setMemberRolesAction(seeded.memberId, ["viewer"]))).toMatchObject({ ok: false });
    },
  },
  "action setUserDisabledAction": {
    probe: async (caller) => {
      const { setUserDisabledAction } = await import("@/lib/portal/actions/member-actions");
      if (isOrganizationAdmin(caller)) {
        // A's administrator is a home member of the organization: its administrator may (and undoes it).
        expect(await act(() => setUserDisabledAction(seeded.memberId, true))).toMatchObject({ ok: true });
        expect(await act(() => setUserDisabledAction(seeded.memberId, false))).toMatchObject({ ok: true });
        return;
      }
      expect(await act(() => setUserDisabledAction(seeded.memberId, true))).toMatchObject({ ok: false });
    },
  },
  "action resetMemberPasswordAction": {
    probe: async (caller) => {
      const actions = await load<{ resetMemberPasswordAction: (id: string) => Promise<unknown> }>(
        "@/lib/portal/actions/organization-actions",
      );
      // The organization's administrator may, on a home member of it (A's viewer): the matrix gives it.
      const target = isOrganizationAdmin(caller) ? seeded.spareMemberId : seeded.memberId;
      expect(await act(() => actions.resetMemberPasswordAction(target))).toMatchObject({
        ok: isOrganizationAdmin(caller),
      });
    },
  },
  "action resetMemberSecondFactorAction": {
    probe: async (caller) => {
      const actions = await load<{ resetMemberSecondFactorAction: (id: string) => Promise<unknown> }>(
        "@/lib/portal/actions/organization-actions",
      );
      expect(await act(() => actions.resetMemberSecondFactorAction(seeded.memberId))).toMatchObject({
        ok: isOrganizationAdmin(caller),
      });
    },
  },
  "action endMemberSessionsAction": {
    probe: async (caller) => {
      const actions = await load<{ endMemberSessionsAction: (id: string) => Promise<unknown> }>(
        "@/lib/portal/actions/organization-actions",
      );
      expect(await act(() => actions.endMemberSessionsAction(seeded.memberId))).toMatchObject({
        ok: isOrganizationAdmin(caller),
      });
    },
  },
  "action setOrganizationAdminAction": {
    probe: async (caller) => {
      const actions = await load<{
        setOrganizationAdminAction: (id: string, isAdmin: boolean) => Promise<unknown>;
      }>("@/lib/portal/actions/organization-actions");
      // A's member is not a member of the caller's organization (B's is A's: its caller is no
      // administrator): refused either way, A's administrator stays one.
      // The organization's administrator names A's administrator (already one): allowed, unchanged.
      expect(await act(() => actions.setOrganizationAdminAction(seeded.memberId, true))).toMatchObject({
        ok: isOrganizationAdmin(caller),
      });
    },
  },
  "action removeOrganizationMemberAction": {
    probe: async (caller) => {
      const actions = await load<{ removeOrganizationMemberAction: (id: string) => Promise<unknown> }>(
        "@/lib/portal/actions/organization-actions",
      );
      // The organization's administrator removes A's viewer (a member of the organization), never by
      // reaching into A's company data; the others are refused.
      const target = isOrganizationAdmin(caller) ? seeded.spareMemberId : seeded.memberId;
      expect(await act(() => actions.removeOrganizationMemberAction(target))).toMatchObject({
        ok: isOrganizationAdmin(caller),
      });
    },
  },
  "action createCompanyAction": { none: "creates a company in the caller's own organization" },
  "action setRequireSecondFactorAction": { none: "changes the caller's own organization; takes no id" },
  "action createYearEndCloseAction": {
    none: "prepares a campaign of the caller's own organization; takes no id",
  },
  ...Object.fromEntries(
    (["confirm", "decide", "start"] as const).map((name) => [
      `action ${name}YearEndCloseAction`,
      {
        probe: async (caller: Caller) => {
          const actions = await import("@/lib/portal/actions/year-end-close-actions");
          const input = {
            environment: "TesteCF",
            closeId: seeded.yearEndCloseId,
            companyId: a.auth.accountId,
            decision: "approve",
          };
          const outcome = await act(() =>
            name === "confirm"
              ? actions.confirmYearEndCloseAction(input)
              : name === "decide"
                ? actions.decideYearEndCloseAction(input)
                : actions.startYearEndCloseAction(input),
          );
          // Starting is the organization administrator's own right over A's organization's campaign.
          if (!(name === "start" && isOrganizationAdmin(caller)))
            expect(outcome).toMatchObject({ ok: false });
          const row = await database.prisma.yearEndCloseCompany.findUniqueOrThrow({
            where: { closeId_accountId: { closeId: seeded.yearEndCloseId, accountId: a.auth.accountId } },
          });
          expect({ confirmedBy: row.confirmedBy, decidedBy: row.decidedBy }).toEqual({
            confirmedBy: null,
            decidedBy: null,
          });
        },
      } satisfies Row,
    ]),
  ),
  "action setLocaleAction": { none: "a cookie of the browser" },
  "action setCompanyAction": {
    probe: async () => {
      const { setCompanyAction } = await import("@/lib/portal/actions/member-actions");
      expect(await act(() => setCompanyAction(a.auth.accountId))).toMatchObject({ ok: false });
    },
  },
  "action setEnvironmentAction": { none: "a cookie of the browser" },
  // Webhooks
  "GET /[environment]/customer/webhooks": {
    probe: async (caller) => {
      const { GET } = await import("@/app/[environment]/customer/webhooks/route");
      const list = await json(
        await GET(rest("GET", "/TesteCF/customer/webhooks", caller), params({ environment: "TesteCF" })),
      );
      if (can(caller.account.auth, "webhooks.manage")) expect(list.status).toBe(200);
      else expect(list.body.code).toBe("FORBIDDEN");
      expect(list.text).not.toContain(seeded.webhookId);
    },
  },
  "POST /[environment]/customer/webhooks": {
    none: "creates an endpoint of the token's company in the path's environment: no company id is read",
  },
  "GET /[environment]/customer/webhooks/[id]": webhookRow(
    "GET",
    "",
    () => import("@/app/[environment]/customer/webhooks/[id]/route"),
  ),
  "PATCH /[environment]/customer/webhooks/[id]": webhookRow(
    "PATCH",
    "",
    () => import("@/app/[environment]/customer/webhooks/[id]/route"),
    { url: "https://atacante.example/h", enabled: false },
  ),
  "DELETE /[environment]/customer/webhooks/[id]": webhookRow(
    "DELETE",
    "",
    () => import("@/app/[environment]/customer/webhooks/[id]/route"),
  ),
  "POST /[environment]/customer/webhooks/[id]/test": webhookRow(
    "POST",
    "/test",
    () => import("@/app/[environment]/customer/webhooks/[id]/test/route"),
  ),
  "POST /[environment]/customer/webhooks/[id]/rotate-secret": webhookRow(
    "POST",
    "/rotate-secret",
    () => import("@/app/[environment]/customer/webhooks/[id]/rotate-secret/route"),
  ),
  "GET /[environment]/customer/webhooks/[id]/deliveries": webhookRow(
    "GET",
    "/deliveries",
    () => import("@/app/[environment]/customer/webhooks/[id]/deliveries/route"),
  ),
  "GET /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]": webhookRow(
    "GET",
    "/deliveries/{deliveryId}",
    () => import("@/app/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/route"),
  ),
  "POST /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay": webhookRow(
    "POST",
    "/deliveries/{deliveryId}/replay",
    () => import("@/app/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay/route"),
  ),
  "action createWebhookAction": { none: "creates an endpoint of the session's company in its environment" },
  "action updateWebhookAction": webhookActionRow(async () =>
    (await webhookActions()).updateWebhookAction(seeded.webhookId, {
      url: "https://atacante.example/h",
      description: "",
      eventTypes: [],
    }),
  ),
  "action setWebhookEnabledAction": webhookActionRow(async () =>
    (await webhookActions()).setWebhookEnabledAction(seeded.webhookId, false),
  ),
  "action deleteWebhookAction": webhookActionRow(async () =>
    (await webhookActions()).deleteWebhookAction(seeded.webhookId),
  ),
  "action rotateWebhookSecretAction": webhookActionRow(async () =>
    (await webhookActions()).rotateWebhookSecretAction(seeded.webhookId),
  ),
  "action sendWebhookTestAction": webhookActionRow(async () =>
    (await webhookActions()).sendWebhookTestAction(seeded.webhookId),
  ),
  "action replayWebhookDeliveryAction": webhookActionRow(async () =>
    (await webhookActions()).replayWebhookDeliveryAction(seeded.webhookId, seeded.webhookDeliveryId),
  ),
  "action completeSetupAction": { none: "the first run: refused once any user exists" },
  "action changeOwnPasswordAction": { none: "the caller's own credentials (no user id is passed)" },
  "action beginTotpEnrollmentAction": { none: "the caller's own credentials (no user id is passed)" },
  "action confirmTotpEnrollmentAction": { none: "the caller's own credentials (no user id is passed)" },
  "action disableOwnTotpAction": { none: "the caller's own credentials (no user id is passed)" },
  "action endOwnSessionsAction": { none: "the caller's own credentials (no user id is passed)" },
  "action regenerateRecoveryCodesAction": { none: "the caller's own credentials (no user id is passed)" },
  "action requestPasswordResetAction": {
    none: "signed out: mails only the e-mail's owner, answers the same for any",
  },
  "action resetPasswordAction": { none: "signed out: the e-mailed token names the user, never an id" },
  "action setNotificationEmailAction": { none: "the caller's own preference (no user id is passed)" },
  "action markNotificationReadAction": {
    probe: async () => {
      await seededNotification();
      const { markNotificationReadAction } = await notificationActions();
      expect(await act(() => markNotificationReadAction({ id: NOTIFICATION_ID }))).toMatchObject({
        ok: false,
      });
      await notificationStaysUnread();
    },
  },
  "action markAllNotificationsReadAction": {
    probe: async () => {
      await seededNotification();
      const { markAllNotificationsReadAction } = await notificationActions();
      await act(() => markAllNotificationsReadAction());
      await notificationStaysUnread();
    },
  },
};

const ENTRIES = Object.keys(ENTRY_POINTS) as EntryPoint[];

describe("isolation across companies and organizations, for every entry point", () => {
  it("has a row for every entry of ENTRY_POINTS (a new route or action needs one here)", () => {
    expect(ENTRIES.filter((entry) => !(entry in ROWS))).toEqual([]);
  });

  /** Portal entries (session cookie) are for people only: service accounts have no portal session. */
  const isRest = (entry: string) => !entry.startsWith("action ") && !entry.includes("/(portal)/");
  const NAMES: CallerName[] = [
    "same organization",
    "other organization",
    "organization administrator",
    "service account",
  ];
  const cases = ENTRIES.filter((entry) => ROWS[entry] && "probe" in ROWS[entry]!).flatMap((entry) =>
    NAMES.filter((name) => name !== "service account" || isRest(entry)).map((name) => ({ entry, name })),
  );
  it.each(cases)("$entry as a caller of the $name", async ({ entry, name }) => {
    const caller = callers.find((one) => one.name === name)!;
    setSession({ userId: caller.account.auth.userId, signedInAt: Date.now() });
    await (ROWS[entry] as { probe: (caller: Caller) => Promise<void> }).probe(caller);
  });

  it("left every row of company A as it was", async () => {
    expect(await database.prisma.voidRecord.findUnique({ where: { id: seeded.voidId } })).toMatchObject({
      accountId: a.auth.accountId,
      status: "Aceptado",
    });
    const documents = await findDocumentsByNcf(a.auth.accountId, "TesteCF", [seeded.ncf, seeded.importedNcf]);
    expect(documents.map((document) => document.status)).toEqual(["Aceptado", "Aceptado"]);
    const auth = (await loadActiveUser(seeded.memberId, a.auth.accountId))!;
    expect(auth.roles).toEqual(FULL_ROLES);
    expect(auth.organizationAdmin).toBe(true);
    await expect(
      requireApiKey(
        new Request("http://localhost/TesteCF/x", { headers: { "x-api-key": a.apiKey! } }),
        auth,
        "TesteCF",
      ),
    ).resolves.toBeUndefined();
    const [service] = await listServiceAccounts(a.auth.accountId);
    expect(service).toMatchObject({
      disabledAt: null,
      secrets: [expect.objectContaining({ expiresAt: null })],
    });
    await expect(
      issueIdToken({ username: seeded.serviceAccountClientId, password: seeded.serviceAccountSecret }),
    ).resolves.toBeTruthy();
    expect(
      (await listCertificates(a.auth.accountId)).find((one) => one.id === seeded.certificateId),
    ).toMatchObject({
      active: true,
    });
  });
});
