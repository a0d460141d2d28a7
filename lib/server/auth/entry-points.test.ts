import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { isAppError } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { can, COMPANY_ROLES, SERVICE_SCOPES, type Action } from "@/lib/domain/roles";
import { setSession } from "@/lib/server/testing/next-auth-mock";

import { createServiceAccount } from "./service-accounts";
import { issueIdToken } from "./id-token";
import { ENTRY_POINTS, type EntryPoint } from "./entry-points";

/**
 * Every entry point declares the action it takes in ENTRY_POINTS, and each one is walked with a
 * caller holding each single role, an organization administrator, and (REST only) a service account
 * with each single scope: FORBIDDEN exactly when lib/domain/roles.ts says the caller may not take
 * the action. A route file or server action added without a declaration fails the first test.
 */

// The portal's session and request scope, as Next provides them to route handlers and actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

const ROOT = process.cwd();
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(full);
    return [full];
  });
}

interface DiscoveredEntry {
  entry: string;
  file: string;
}

/** Route handlers: `METHOD /folder/path` of every app/**\/route.ts and the methods it exports. */
function discoverRoutes(): DiscoveredEntry[] {
  return filesUnder(path.join(ROOT, "app"))
    .filter((file) => path.basename(file) === "route.ts")
    .flatMap((file) => {
      const source = readFileSync(file, "utf8");
      const folder =
        "/" + path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/");
      return HTTP_METHODS.filter((method) =>
        new RegExp(
          `export\\s+(const|async\\s+function|function)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`,
        ).test(source),
      ).map((method) => ({ entry: `${method} ${folder}`, file }));
    });
}

/** Server actions: every exported function of a file whose first statement is "use server". */
function discoverActions(): DiscoveredEntry[] {
  return ["app", "lib", "components"]
    .flatMap((top) => filesUnder(path.join(ROOT, top)))
    .filter((file) => /\.tsx?$/.test(file) && /^\s*["']use server["']/.test(readFileSync(file, "utf8")))
    .flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/export\s+async\s+function\s+(\w+)/g)].map((match) => ({
        entry: `action ${match[1]}`,
        file,
      })),
    );
}

describe("the entry point registry", () => {
  const discovered = [...discoverRoutes(), ...discoverActions()];

  it("finds the app's routes and actions (the discovery itself works)", () => {
    expect(discovered.map((found) => found.entry)).toEqual(
      expect.arrayContaining(["POST /[environment]/customer/void-ncf", "action submitVoid", "GET /healthz"]),
    );
  });

  it("declares every route handler and server action, and nothing that no longer exists", () => {
    expect(discovered.map((found) => found.entry).sort()).toEqual(Object.keys(ENTRY_POINTS).sort());
  });

  it("each protected handler names its own entry when it authenticates", () => {
    for (const { entry, file } of discovered) {
      if (ENTRY_POINTS[entry as EntryPoint] === "public") continue;
      expect(readFileSync(file, "utf8"), `${entry} in ${path.relative(ROOT, file)}`).toContain(`"${entry}"`);
    }
  });
});

// --- Every protected entry × every role, through the real handlers ---------------------------------

let database: TestDatabase;
/** By name: "role:<role>", "organization-admin", "scope:<scope>" (service accounts: REST only). */
const callers = new Map<string, TestAccount>();

beforeAll(async () => {
  database = await createTestDatabase();
  for (const role of COMPANY_ROLES) {
    callers.set(`role:${role}`, await createTestAccount({ roles: [role], apiKey: true }));
  }
  callers.set(
    "organization-admin",
    await createTestAccount({ roles: ["viewer"], organizationAdmin: true, apiKey: true }),
  );
  const owner = await createTestAccount({ roles: ["viewer"], apiKey: true });
  for (const scope of SERVICE_SCOPES) {
    const service = await createServiceAccount(owner.auth.accountId, { name: scope, scopes: [scope] });
    const { idToken } = await issueIdToken({ username: service.clientId, password: service.secret });
    const { verifyIdToken } = await import("./id-token");
    callers.set(`scope:${scope}`, { ...owner, auth: await verifyIdToken(idToken), idToken });
  }
});
afterAll(async () => database?.dispose());

type Outcome = { forbidden: boolean; detail: string };

async function outcomeOfResponse(response: Response): Promise<Outcome> {
  const text = await response.text();
  let code: unknown;
  try {
    code = (JSON.parse(text) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  return {
    forbidden: response.status === 403 && code === "FORBIDDEN",
    detail: `${response.status} ${text.slice(0, 200)}`,
  };
}

async function outcomeOfAction(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = (await call()) as { code?: unknown } | undefined;
    return {
      forbidden: result?.code === "FORBIDDEN",
      detail: JSON.stringify(result)?.slice(0, 200) ?? "undefined",
    };
  } catch (error) {
    if (isAppError(error))
      return { forbidden: error.code === "FORBIDDEN", detail: `${error.code} ${error.message}` };
    throw error;
  }
}

/** REST: the caller's idToken and API key, harmless bodies (nothing is voided or imported). */
function restRequest(method: string, url: string, caller: TestAccount, body?: unknown): Request {
  return new Request(url, {
    method,
    headers: {
      authorization: `Bearer ${caller.idToken}`,
      "x-api-key": caller.apiKey!,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

const VOID_ID = "0190f000-0000-7000-8000-000000000000";
/** No year-end close has this id: its entries answer 404 once the action is allowed. */
const CLOSE_ID = "0190f500-0000-7000-8000-000000000001";
const params = (values: Record<string, string>) => ({ params: Promise.resolve(values) as Promise<never> });

/** How each protected entry is called by a caller (one line per entry: a new entry needs one). */
const CALLS: Record<string, (caller: TestAccount) => Promise<Outcome>> = {
  "POST /[environment]/customer/void-ncf": async (caller) => {
    const { POST } = await import("@/app/[environment]/customer/void-ncf/route");
    const request = restRequest("POST", "http://localhost/TesteCF/customer/void-ncf", caller, {});
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/customer/void-ncf": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/void-ncf/route");
    const request = restRequest("GET", "http://localhost/TesteCF/customer/void-ncf", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/customer/void-ncf/[voidId]/xml": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/void-ncf/[voidId]/xml/route");
    const request = restRequest("GET", `http://localhost/TesteCF/customer/void-ncf/${VOID_ID}/xml`, caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF", voidId: VOID_ID })));
  },
  "POST /[environment]/customer/void-ncf/[voidId]/resolution": async (caller) => {
    const { POST } = await import("@/app/[environment]/customer/void-ncf/[voidId]/resolution/route");
    const url = `http://localhost/TesteCF/customer/void-ncf/${VOID_ID}/resolution`;
    const request = restRequest("POST", url, caller, { outcome: "Aceptado", note: "n" });
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF", voidId: VOID_ID })));
  },
  "GET /[environment]/customer/void-requests": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/void-requests/route");
    const request = restRequest("GET", "http://localhost/TesteCF/customer/void-requests", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/customer/void-requests/[requestId]": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/void-requests/[requestId]/route");
    const url = `http://localhost/TesteCF/customer/void-requests/${VOID_ID}`;
    const request = restRequest("GET", url, caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF", requestId: VOID_ID })));
  },
  "POST /[environment]/customer/void-requests/[requestId]/approve": async (caller) => {
    const { POST } = await import("@/app/[environment]/customer/void-requests/[requestId]/approve/route");
    const url = `http://localhost/TesteCF/customer/void-requests/${VOID_ID}/approve`;
    const request = restRequest("POST", url, caller);
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF", requestId: VOID_ID })));
  },
  "POST /[environment]/customer/void-requests/[requestId]/reject": async (caller) => {
    const { POST } = await import("@/app/[environment]/customer/void-requests/[requestId]/reject/route");
    const url = `http://localhost/TesteCF/customer/void-requests/${VOID_ID}/reject`;
    const request = restRequest("POST", url, caller, { reason: "r" });
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF", requestId: VOID_ID })));
  },
  // Webhooks: an allowed caller gets 200, 400 or 404 (no such endpoint), never FORBIDDEN.
  "GET /[environment]/customer/webhooks": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/webhooks/route");
    const request = restRequest("GET", "http://localhost/TesteCF/customer/webhooks", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "POST /[environment]/customer/webhooks": async (caller) => {
    const { POST } = await import("@/app/[environment]/customer/webhooks/route");
    const request = restRequest("POST", "http://localhost/TesteCF/customer/webhooks", caller, {});
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/customer/webhooks/[id]": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/webhooks/[id]/route");
    const request = restRequest("GET", `http://localhost/TesteCF/customer/webhooks/${VOID_ID}`, caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF", id: VOID_ID })));
  },
  "PATCH /[environment]/customer/webhooks/[id]": async (caller) => {
    const { PATCH } = await import("@/app/[environment]/customer/webhooks/[id]/route");
    const url = `http://localhost/TesteCF/customer/webhooks/${VOID_ID}`;
    const request = restRequest("PATCH", url, caller, { enabled: false });
    return outcomeOfResponse(await PATCH(request, params({ environment: "TesteCF", id: VOID_ID })));
  },
  "DELETE /[environment]/customer/webhooks/[id]": async (caller) => {
    const { DELETE } = await import("@/app/[environment]/customer/webhooks/[id]/route");
    const request = restRequest("DELETE", `http://localhost/TesteCF/customer/webhooks/${VOID_ID}`, caller);
    return outcomeOfResponse(await DELETE(request, params({ environment: "TesteCF", id: VOID_ID })));
  },
  "POST /[environment]/customer/webhooks/[id]/test": async (caller) => {
    const { POST } = await import("@/app/[environment]/customer/webhooks/[id]/test/route");
    const request = restRequest("POST", `http://localhost/TesteCF/customer/webhooks/${VOID_ID}/test`, caller);
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF", id: VOID_ID })));
  },
  "POST /[environment]/customer/webhooks/[id]/rotate-secret": async (caller) => {
    const { POST } = await import("@/app/[environment]/customer/webhooks/[id]/rotate-secret/route");
    const url = `http://localhost/TesteCF/customer/webhooks/${VOID_ID}/rotate-secret`;
    return outcomeOfResponse(
      await POST(restRequest("POST", url, caller), params({ environment: "TesteCF", id: VOID_ID })),
    );
  },
  "GET /[environment]/customer/webhooks/[id]/deliveries": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/webhooks/[id]/deliveries/route");
    const url = `http://localhost/TesteCF/customer/webhooks/${VOID_ID}/deliveries`;
    return outcomeOfResponse(
      await GET(restRequest("GET", url, caller), params({ environment: "TesteCF", id: VOID_ID })),
    );
  },
  "GET /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/route");
    const url = `http://localhost/TesteCF/customer/webhooks/${VOID_ID}/deliveries/${VOID_ID}`;
    const context = params({ environment: "TesteCF", id: VOID_ID, deliveryId: VOID_ID });
    return outcomeOfResponse(await GET(restRequest("GET", url, caller), context));
  },
  "POST /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay": async (caller) => {
    const { POST } =
      await import("@/app/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay/route");
    const url = `http://localhost/TesteCF/customer/webhooks/${VOID_ID}/deliveries/${VOID_ID}/replay`;
    const context = params({ environment: "TesteCF", id: VOID_ID, deliveryId: VOID_ID });
    return outcomeOfResponse(await POST(restRequest("POST", url, caller), context));
  },
  "GET /[environment]/documentos-ecf": async (caller) => {
    const { GET } = await import("@/app/[environment]/documentos-ecf/route");
    const request = restRequest("GET", "http://localhost/TesteCF/documentos-ecf?ecf=E310000000001", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "POST /[environment]/documentos-ecf/status/batch": async (caller) => {
    const { POST } = await import("@/app/[environment]/documentos-ecf/status/batch/route");
    const request = restRequest("POST", "http://localhost/TesteCF/documentos-ecf/status/batch", caller, {
      ecfs: ["E310000000001"],
    });
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "POST /[environment]/documentos-ecf/import": async (caller) => {
    const { POST } = await import("@/app/[environment]/documentos-ecf/import/route");
    const request = restRequest("POST", "http://localhost/TesteCF/documentos-ecf/import", caller, {});
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "POST /[environment]/documentos-ecf": async (caller) => {
    const { POST } = await import("@/app/[environment]/documentos-ecf/route");
    const request = restRequest("POST", "http://localhost/TesteCF/documentos-ecf?validate=true", caller, {});
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/documentos-ecf/[ecf]/xml": async (caller) => {
    const { GET } = await import("@/app/[environment]/documentos-ecf/[ecf]/xml/route");
    const request = restRequest("GET", "http://localhost/TesteCF/documentos-ecf/E310000000001/xml", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF", ecf: "E310000000001" })));
  },
  "GET /[environment]/documentos-ecf/[ecf]/pdf": async (caller) => {
    const { GET } = await import("@/app/[environment]/documentos-ecf/[ecf]/pdf/route");
    const request = restRequest("GET", "http://localhost/TesteCF/documentos-ecf/E310000000001/pdf", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF", ecf: "E310000000001" })));
  },
  "GET /[environment]/documentos-ecf/por-confirmar": async (caller) => {
    const { GET } = await import("@/app/[environment]/documentos-ecf/por-confirmar/route");
    const request = restRequest("GET", "http://localhost/TesteCF/documentos-ecf/por-confirmar", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "POST /[environment]/documentos-ecf/[ecf]/resolution": async (caller) => {
    const { POST } = await import("@/app/[environment]/documentos-ecf/[ecf]/resolution/route");
    const url = "http://localhost/TesteCF/documentos-ecf/E310000000001/resolution";
    const request = restRequest("POST", url, caller, { decision: "resend", note: "n" });
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF", ecf: "E310000000001" })));
  },
  "GET /[environment]/emisor/certificacion": async (caller) => {
    const { GET } = await import("@/app/[environment]/emisor/certificacion/route");
    const request = restRequest("GET", "http://localhost/TesteCF/emisor/certificacion", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "PUT /[environment]/emisor/certificacion": async (caller) => {
    const { PUT } = await import("@/app/[environment]/emisor/certificacion/route");
    const request = restRequest("PUT", "http://localhost/TesteCF/emisor/certificacion", caller);
    return outcomeOfResponse(await PUT(request, params({ environment: "TesteCF" })));
  },
  "DELETE /[environment]/emisor/certificacion": async (caller) => {
    const { DELETE } = await import("@/app/[environment]/emisor/certificacion/route");
    const request = restRequest("DELETE", "http://localhost/TesteCF/emisor/certificacion", caller);
    return outcomeOfResponse(await DELETE(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/emisor/contingencia": async (caller) => {
    const { GET } = await import("@/app/[environment]/emisor/contingencia/route");
    const request = restRequest("GET", "http://localhost/TesteCF/emisor/contingencia", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "POST /[environment]/emisor/contingencia": async (caller) => {
    const { POST } = await import("@/app/[environment]/emisor/contingencia/route");
    const request = restRequest("POST", "http://localhost/TesteCF/emisor/contingencia", caller);
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "DELETE /[environment]/emisor/contingencia": async (caller) => {
    const { DELETE } = await import("@/app/[environment]/emisor/contingencia/route");
    const request = restRequest("DELETE", "http://localhost/TesteCF/emisor/contingencia", caller);
    return outcomeOfResponse(await DELETE(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/emisor/plazos": async (caller) => {
    const { GET } = await import("@/app/[environment]/emisor/plazos/route");
    const request = restRequest("GET", "http://localhost/TesteCF/emisor/plazos", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "PUT /[environment]/emisor/plazos": async (caller) => {
    const { PUT } = await import("@/app/[environment]/emisor/plazos/route");
    const body = { deferredWindowHours: null, approachingPercent: 75 };
    const request = restRequest("PUT", "http://localhost/TesteCF/emisor/plazos", caller, body);
    return outcomeOfResponse(await PUT(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/secuencias": async (caller) => {
    const { GET } = await import("@/app/[environment]/secuencias/route");
    const request = restRequest("GET", "http://localhost/TesteCF/secuencias", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/secuencias/huecos": async (caller) => {
    const { GET } = await import("@/app/[environment]/secuencias/huecos/route");
    const request = restRequest("GET", "http://localhost/TesteCF/secuencias/huecos", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/secuencias/[encf]/remedio": async (caller) => {
    const { GET } = await import("@/app/[environment]/secuencias/[encf]/remedio/route");
    const request = restRequest("GET", "http://localhost/TesteCF/secuencias/E310000000001/remedio", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF", encf: "E310000000001" })));
  },
  "GET /[environment]/secuencias/autorizaciones": async (caller) => {
    const { GET } = await import("@/app/[environment]/secuencias/autorizaciones/route");
    const request = restRequest("GET", "http://localhost/TesteCF/secuencias/autorizaciones", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  // The year-end close: an unknown campaign (404) or an empty body (400) once the action is allowed.
  "GET /[environment]/organizacion/cierres-de-ano": async (caller) => {
    const { GET } = await import("@/app/[environment]/organizacion/cierres-de-ano/route");
    const request = restRequest("GET", "http://localhost/TesteCF/organizacion/cierres-de-ano", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "POST /[environment]/organizacion/cierres-de-ano": async (caller) => {
    const { POST } = await import("@/app/[environment]/organizacion/cierres-de-ano/route");
    const request = restRequest("POST", "http://localhost/TesteCF/organizacion/cierres-de-ano", caller, {});
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "GET /[environment]/organizacion/cierres-de-ano/[closeId]": async (caller) => {
    const { GET } = await import("@/app/[environment]/organizacion/cierres-de-ano/[closeId]/route");
    const request = restRequest(
      "GET",
      `http://localhost/TesteCF/organizacion/cierres-de-ano/${CLOSE_ID}`,
      caller,
    );
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF", closeId: CLOSE_ID })));
  },
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/iniciar": async (caller) => {
    const { POST } = await import("@/app/[environment]/organizacion/cierres-de-ano/[closeId]/iniciar/route");
    const url = `http://localhost/TesteCF/organizacion/cierres-de-ano/${CLOSE_ID}/iniciar`;
    return outcomeOfResponse(
      await POST(restRequest("POST", url, caller), params({ environment: "TesteCF", closeId: CLOSE_ID })),
    );
  },
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/confirmar": async (
    caller,
  ) => {
    const { POST } =
      await import("@/app/[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/confirmar/route");
    const url = `http://localhost/TesteCF/organizacion/cierres-de-ano/${CLOSE_ID}/empresas/${caller.auth.accountId}/confirmar`;
    const context = params({ environment: "TesteCF", closeId: CLOSE_ID, companyId: caller.auth.accountId });
    return outcomeOfResponse(await POST(restRequest("POST", url, caller), context));
  },
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/decision": async (
    caller,
  ) => {
    const { POST } =
      await import("@/app/[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/decision/route");
    const url = `http://localhost/TesteCF/organizacion/cierres-de-ano/${CLOSE_ID}/empresas/${caller.auth.accountId}/decision`;
    const context = params({ environment: "TesteCF", closeId: CLOSE_ID, companyId: caller.auth.accountId });
    return outcomeOfResponse(await POST(restRequest("POST", url, caller, { decision: "approve" }), context));
  },
  "POST /[environment]/secuencias/autorizaciones": async (caller) => {
    const { POST } = await import("@/app/[environment]/secuencias/autorizaciones/route");
    const request = restRequest("POST", "http://localhost/TesteCF/secuencias/autorizaciones", caller, {});
    return outcomeOfResponse(await POST(request, params({ environment: "TesteCF" })));
  },
  "DELETE /[environment]/secuencias/autorizaciones/[id]": async (caller) => {
    const { DELETE } = await import("@/app/[environment]/secuencias/autorizaciones/[id]/route");
    const url = "http://localhost/TesteCF/secuencias/autorizaciones/0190f400-0000-7000-8000-000000000001";
    const request = restRequest("DELETE", url, caller);
    const id = "0190f400-0000-7000-8000-000000000001";
    return outcomeOfResponse(await DELETE(request, params({ environment: "TesteCF", id })));
  },
  "GET /[environment]/customer/audit-pack": async (caller) => {
    const { GET } = await import("@/app/[environment]/customer/audit-pack/route");
    // No period: an allowed caller gets 400 INVALID_PERIOD (no pack is written), others 403.
    const request = restRequest("GET", "http://localhost/TesteCF/customer/audit-pack", caller);
    return outcomeOfResponse(await GET(request, params({ environment: "TesteCF" })));
  },
  "GET /(portal)/audit/export": async () => {
    const { GET } = await import("@/app/(portal)/audit/export/route");
    return outcomeOfResponse(await GET(new Request("http://localhost/audit/export"), params({})));
  },
  "GET /(portal)/settings/activity/export": async () => {
    const { GET } = await import("@/app/(portal)/settings/activity/export/route");
    return outcomeOfResponse(await GET(new Request("http://localhost/settings/activity/export"), params({})));
  },
  "GET /(portal)/organization/activity/export": async () => {
    const { GET } = await import("@/app/(portal)/organization/activity/export/route");
    return outcomeOfResponse(
      await GET(new Request("http://localhost/organization/activity/export"), params({})),
    );
  },
  "GET /(portal)/voids/export": async () => {
    const { GET } = await import("@/app/(portal)/voids/export/route");
    return outcomeOfResponse(await GET(new Request("http://localhost/voids/export?format=csv"), params({})));
  },
  "GET /(portal)/documents/export": async () => {
    const { GET } = await import("@/app/(portal)/documents/export/route");
    return outcomeOfResponse(
      await GET(new Request("http://localhost/documents/export?ecfs=E310000000001"), params({})),
    );
  },
  "GET /(portal)/documents/[ecf]/pdf": async () => {
    const { GET } = await import("@/app/(portal)/documents/[ecf]/pdf/route");
    return outcomeOfResponse(
      await GET(
        new Request("http://localhost/documents/E310000000001/pdf"),
        params({ ecf: "E310000000001" }),
      ),
    );
  },
  "GET /(portal)/documents/[ecf]/xml": async () => {
    const { GET } = await import("@/app/(portal)/documents/[ecf]/xml/route");
    return outcomeOfResponse(
      await GET(
        new Request("http://localhost/documents/E310000000001/xml"),
        params({ ecf: "E310000000001" }),
      ),
    );
  },
  "GET /(portal)/documents/[ecf]/decisions/[decisionId]/evidence": async () => {
    const { GET } = await import("@/app/(portal)/documents/[ecf]/decisions/[decisionId]/evidence/route");
    const url = `http://localhost/documents/E310000000001/decisions/${VOID_ID}/evidence`;
    return outcomeOfResponse(
      await GET(new Request(url), params({ ecf: "E310000000001", decisionId: VOID_ID })),
    );
  },
  "GET /(portal)/documents/list-export": async () => {
    const { GET } = await import("@/app/(portal)/documents/list-export/route");
    return outcomeOfResponse(
      await GET(new Request("http://localhost/documents/list-export?format=xlsx"), params({})),
    );
  },
  "GET /(portal)/voids/[voidId]/xml": async () => {
    const { GET } = await import("@/app/(portal)/voids/[voidId]/xml/route");
    return outcomeOfResponse(
      await GET(new Request(`http://localhost/voids/${VOID_ID}/xml`), params({ voidId: VOID_ID })),
    );
  },
  "GET /(portal)/voids/[voidId]/ranges": async () => {
    const { GET } = await import("@/app/(portal)/voids/[voidId]/ranges/route");
    return outcomeOfResponse(
      await GET(new Request(`http://localhost/voids/${VOID_ID}/ranges`), params({ voidId: VOID_ID })),
    );
  },
  "GET /(portal)/voids/[voidId]/evidence/[evidenceId]": async () => {
    const { GET } = await import("@/app/(portal)/voids/[voidId]/evidence/[evidenceId]/route");
    const url = `http://localhost/voids/${VOID_ID}/evidence/${VOID_ID}`;
    return outcomeOfResponse(await GET(new Request(url), params({ voidId: VOID_ID, evidenceId: VOID_ID })));
  },
  "action settleVoidAction": async () => {
    const { settleVoidAction } = await import("@/lib/portal/actions/settlement-actions");
    return outcomeOfAction(() => settleVoidAction(new FormData()));
  },
  "action decideIssuedReviewAction": async () => {
    const { decideIssuedReviewAction } = await import("@/lib/portal/actions/issued-review-actions");
    return outcomeOfAction(() => decideIssuedReviewAction(new FormData()));
  },
  "action resendVoidAction": async () => {
    const { resendVoidAction } = await import("@/lib/portal/actions/settlement-actions");
    return outcomeOfAction(() => resendVoidAction(VOID_ID, "TesteCF", "x"));
  },
  "action askDgiiAboutVoidAction": async () => {
    const { askDgiiAboutVoidAction } = await import("@/lib/portal/actions/void-question-actions");
    return outcomeOfAction(() => askDgiiAboutVoidAction(VOID_ID, "TesteCF"));
  },
  "action checkVoidWarnings": async () => {
    const { checkVoidWarnings } = await import("@/lib/portal/actions/void-actions");
    return outcomeOfAction(() => checkVoidWarnings({ environment: "TesteCF", ranges: [] } as never));
  },
  "action submitVoid": async () => {
    const { submitVoid } = await import("@/lib/portal/actions/void-actions");
    return outcomeOfAction(() =>
      submitVoid({
        environment: "TesteCF",
        ranges: [],
        fechaHoraAnulacion: "",
        idempotencyKey: "k",
      } as never),
    );
  },
  "action lookupDocumentsBatchAction": async () => {
    const { lookupDocumentsBatchAction } = await import("@/lib/portal/actions/document-actions");
    return outcomeOfAction(() => lookupDocumentsBatchAction({}, new FormData()));
  },
  "action recheckDocumentAction": async () => {
    const { recheckDocumentAction } = await import("@/lib/portal/actions/document-actions");
    return outcomeOfAction(() => recheckDocumentAction({ ecf: "E310000000001" }));
  },
  "action importErpFileAction": async () => {
    const { importErpFileAction } = await import("@/lib/portal/actions/erp-import-actions");
    return outcomeOfAction(() => importErpFileAction(new FormData()));
  },
  "action createAuthorizationAction": async () => {
    const { createAuthorizationAction } = await import("@/lib/portal/actions/sequence-actions");
    return outcomeOfAction(() => createAuthorizationAction({}));
  },
  "action importAuthorizationsCsvAction": async () => {
    const { importAuthorizationsCsvAction } = await import("@/lib/portal/actions/sequence-actions");
    return outcomeOfAction(() => importAuthorizationsCsvAction(""));
  },
  "action deleteAuthorizationAction": async () => {
    const { deleteAuthorizationAction } = await import("@/lib/portal/actions/sequence-actions");
    return outcomeOfAction(() => deleteAuthorizationAction("00000000-0000-7000-8000-000000000000"));
  },
  "action setCoverageMarkAction": async () => {
    const { setCoverageMarkAction } = await import("@/lib/portal/actions/sequence-actions");
    return outcomeOfAction(() => setCoverageMarkAction(""));
  },
  "action reserveCreditNoteRangeAction": async () => {
    const { reserveCreditNoteRangeAction } = await import("@/lib/portal/actions/credit-note-actions");
    return outcomeOfAction(() => reserveCreditNoteRangeAction({}));
  },
  "action removeCreditNoteRangeAction": async () => {
    const { removeCreditNoteRangeAction } = await import("@/lib/portal/actions/credit-note-actions");
    return outcomeOfAction(() => removeCreditNoteRangeAction("00000000-0000-7000-8000-000000000000"));
  },
  "action prepareCreditNoteAction": async () => {
    const { prepareCreditNoteAction } = await import("@/lib/portal/actions/credit-note-actions");
    return outcomeOfAction(() => prepareCreditNoteAction("E310000000001", ""));
  },
  "action issueCreditNoteAction": async () => {
    const { issueCreditNoteAction } = await import("@/lib/portal/actions/credit-note-actions");
    return outcomeOfAction(() => issueCreditNoteAction("E310000000001", ""));
  },
  "action checkRangesSentAction": async () => {
    const { checkRangesSentAction } = await import("@/lib/portal/actions/sequence-actions");
    return outcomeOfAction(() => checkRangesSentAction([]));
  },
  "action selectAllGapsAction": async () => {
    const { selectAllGapsAction } = await import("@/lib/portal/actions/sequence-actions");
    return outcomeOfAction(() => selectAllGapsAction());
  },
  "action uploadCertificateAction": async () => {
    const { uploadCertificateAction } = await import("@/lib/portal/actions/settings-actions");
    return outcomeOfAction(() => uploadCertificateAction(new FormData()));
  },
  "action createApiKeyAction": async () => {
    const { createApiKeyAction } = await import("@/lib/portal/actions/settings-actions");
    return outcomeOfAction(() => createApiKeyAction(""));
  },
  "action revokeApiKeyAction": async () => {
    const { revokeApiKeyAction } = await import("@/lib/portal/actions/settings-actions");
    return outcomeOfAction(() => revokeApiKeyAction(VOID_ID));
  },
  "action createServiceAccountAction": async () => {
    const { createServiceAccountAction } = await import("@/lib/portal/actions/service-account-actions");
    return outcomeOfAction(() => createServiceAccountAction("", []));
  },
  "action rotateServiceAccountSecretAction": async () => {
    const { rotateServiceAccountSecretAction } = await import("@/lib/portal/actions/service-account-actions");
    return outcomeOfAction(() => rotateServiceAccountSecretAction(VOID_ID, 1));
  },
  "action setServiceAccountDisabledAction": async () => {
    const { setServiceAccountDisabledAction } = await import("@/lib/portal/actions/service-account-actions");
    return outcomeOfAction(() => setServiceAccountDisabledAction(VOID_ID, true));
  },
  "action setServiceAccountSendWithoutApprovalAction": async () => {
    const { setServiceAccountSendWithoutApprovalAction } =
      await import("@/lib/portal/actions/service-account-actions");
    return outcomeOfAction(() => setServiceAccountSendWithoutApprovalAction(VOID_ID, false));
  },
  "action setApprovalPolicyAction": async () => {
    const { setApprovalPolicyAction } = await import("@/lib/portal/actions/approval-actions");
    // Sets it to what it is (off): harmless for every caller that may.
    return outcomeOfAction(() =>
      setApprovalPolicyAction({ environment: "TesteCF", enabled: false, minSequences: null }),
    );
  },
  "action markNotificationReadAction": async () => {
    const { markNotificationReadAction } = await import("@/lib/portal/actions/notification-actions");
    return outcomeOfAction(() => markNotificationReadAction({ id: VOID_ID }));
  },
  "action markAllNotificationsReadAction": async () => {
    const { markAllNotificationsReadAction } = await import("@/lib/portal/actions/notification-actions");
    return outcomeOfAction(() => markAllNotificationsReadAction());
  },
  "action approveVoidRequestAction": async () => {
    const { approveVoidRequestAction } = await import("@/lib/portal/actions/approval-actions");
    return outcomeOfAction(() => approveVoidRequestAction({ requestId: VOID_ID, environment: "TesteCF" }));
  },
  "action rejectVoidRequestAction": async () => {
    const { rejectVoidRequestAction } = await import("@/lib/portal/actions/approval-actions");
    return outcomeOfAction(() =>
      rejectVoidRequestAction({ requestId: VOID_ID, environment: "TesteCF", reason: "r" }),
    );
  },
  // Webhooks: harmless arguments (an empty form, an id of nothing)
  "action createWebhookAction": async () => {
    const { createWebhookAction } = await import("@/lib/portal/actions/webhook-actions");
    return outcomeOfAction(() => createWebhookAction({ url: "", description: "", eventTypes: [] }));
  },
  "action updateWebhookAction": async () => {
    const { updateWebhookAction } = await import("@/lib/portal/actions/webhook-actions");
    return outcomeOfAction(() => updateWebhookAction(VOID_ID, { url: "", description: "", eventTypes: [] }));
  },
  "action setWebhookEnabledAction": async () => {
    const { setWebhookEnabledAction } = await import("@/lib/portal/actions/webhook-actions");
    return outcomeOfAction(() => setWebhookEnabledAction(VOID_ID, false));
  },
  "action deleteWebhookAction": async () => {
    const { deleteWebhookAction } = await import("@/lib/portal/actions/webhook-actions");
    return outcomeOfAction(() => deleteWebhookAction(VOID_ID));
  },
  "action rotateWebhookSecretAction": async () => {
    const { rotateWebhookSecretAction } = await import("@/lib/portal/actions/webhook-actions");
    return outcomeOfAction(() => rotateWebhookSecretAction(VOID_ID));
  },
  "action sendWebhookTestAction": async () => {
    const { sendWebhookTestAction } = await import("@/lib/portal/actions/webhook-actions");
    return outcomeOfAction(() => sendWebhookTestAction(VOID_ID));
  },
  "action replayWebhookDeliveryAction": async () => {
    const { replayWebhookDeliveryAction } = await import("@/lib/portal/actions/webhook-actions");
    return outcomeOfAction(() => replayWebhookDeliveryAction(VOID_ID, VOID_ID));
  },
  "action linkCertificateAction": async () => {
    const { linkCertificateAction } = await import("@/lib/portal/actions/settings-actions");
    return outcomeOfAction(() => linkCertificateAction(VOID_ID));
  },
  "action recordIssuerCertificationAction": async () => {
    const { recordIssuerCertificationAction } = await import("@/lib/portal/actions/settings-actions");
    return outcomeOfAction(() => recordIssuerCertificationAction(false));
  },
  "action declareContingencyAction": async () => {
    const { declareContingencyAction } = await import("@/lib/portal/actions/contingency-actions");
    return outcomeOfAction(() => declareContingencyAction("TesteCF"));
  },
  "action endContingencyAction": async () => {
    const { endContingencyAction } = await import("@/lib/portal/actions/contingency-actions");
    return outcomeOfAction(() => endContingencyAction("TesteCF"));
  },
  "action saveDeadlineSettingsAction": async () => {
    const { saveDeadlineSettingsAction } = await import("@/lib/portal/actions/contingency-actions");
    return outcomeOfAction(() =>
      saveDeadlineSettingsAction({ deferredWindowHours: "", approachingPercent: 75 }),
    );
  },
  "action inviteUserAction": async () => {
    const { inviteUserAction } = await import("@/lib/portal/actions/member-actions");
    return outcomeOfAction(() => inviteUserAction(new FormData()));
  },
  "action setMemberRolesAction": async () => {
    const { setMemberRolesAction } = await import("@/lib/portal/actions/member-actions");
    return outcomeOfAction(() => setMemberRolesAction(VOID_ID, ["viewer"]));
  },
  "action setUserDisabledAction": async () => {
    const { setUserDisabledAction } = await import("@/lib/portal/actions/member-actions");
    return outcomeOfAction(() => setUserDisabledAction(VOID_ID, true));
  },
  "action createCompanyAction": async () => {
    const { createCompanyAction } = await import("@/lib/portal/actions/organization-actions");
    return outcomeOfAction(() => createCompanyAction(new FormData()));
  },
  // The year-end close: an empty year (refused after the action is allowed) or an unknown campaign.
  "action createYearEndCloseAction": async () => {
    const { createYearEndCloseAction } = await import("@/lib/portal/actions/year-end-close-actions");
    return outcomeOfAction(() =>
      createYearEndCloseAction({ environment: "TesteCF", year: 0, includeSkipped: false }),
    );
  },
  "action startYearEndCloseAction": async () => {
    const { startYearEndCloseAction } = await import("@/lib/portal/actions/year-end-close-actions");
    return outcomeOfAction(() => startYearEndCloseAction({ environment: "TesteCF", closeId: CLOSE_ID }));
  },
  "action confirmYearEndCloseAction": async (caller) => {
    const { confirmYearEndCloseAction } = await import("@/lib/portal/actions/year-end-close-actions");
    return outcomeOfAction(() =>
      confirmYearEndCloseAction({
        environment: "TesteCF",
        closeId: CLOSE_ID,
        companyId: caller.auth.accountId,
      }),
    );
  },
  "action decideYearEndCloseAction": async (caller) => {
    const { decideYearEndCloseAction } = await import("@/lib/portal/actions/year-end-close-actions");
    return outcomeOfAction(() =>
      decideYearEndCloseAction({
        environment: "TesteCF",
        closeId: CLOSE_ID,
        companyId: caller.auth.accountId,
        decision: "approve",
      }),
    );
  },
  "action setRequireSecondFactorAction": async () => {
    const { setRequireSecondFactorAction } = await import("@/lib/portal/actions/organization-actions");
    // Sets it to what it is (off): the caller's own organization, unchanged.
    return outcomeOfAction(() => setRequireSecondFactorAction(false));
  },
  "action resetMemberPasswordAction": async () => {
    const { resetMemberPasswordAction } = await import("@/lib/portal/actions/organization-actions");
    return outcomeOfAction(() => resetMemberPasswordAction(VOID_ID));
  },
  "action resetMemberSecondFactorAction": async () => {
    const { resetMemberSecondFactorAction } = await import("@/lib/portal/actions/organization-actions");
    return outcomeOfAction(() => resetMemberSecondFactorAction(VOID_ID));
  },
  "action endMemberSessionsAction": async () => {
    const { endMemberSessionsAction } = await import("@/lib/portal/actions/organization-actions");
    return outcomeOfAction(() => endMemberSessionsAction(VOID_ID));
  },
  "action setOrganizationAdminAction": async () => {
    const { setOrganizationAdminAction } = await import("@/lib/portal/actions/organization-actions");
    return outcomeOfAction(() => setOrganizationAdminAction(VOID_ID, true));
  },
  "action removeOrganizationMemberAction": async () => {
    const { removeOrganizationMemberAction } = await import("@/lib/portal/actions/organization-actions");
    return outcomeOfAction(() => removeOrganizationMemberAction(VOID_ID));
  },
  "action setEnvironmentAction": async () => {
    const { setEnvironmentAction } = await import("@/lib/portal/actions/preference-actions");
    return outcomeOfAction(() => setEnvironmentAction("TesteCF"));
  },
};

const PROTECTED = (Object.entries(ENTRY_POINTS) as Array<[EntryPoint, Action | "public"]>).filter(
  (pair): pair is [EntryPoint, Action] => pair[1] !== "public",
);

/** Portal entries (session cookie) are for people only: service accounts have no portal session. */
const isRest = (entry: string) => !entry.startsWith("action ") && !entry.includes("/(portal)/");

const CALLER_NAMES = [
  ...COMPANY_ROLES.map((role) => `role:${role}`),
  "organization-admin",
  ...SERVICE_SCOPES.map((scope) => `scope:${scope}`),
];

describe("every protected entry × every role and scope", () => {
  it("has a call for each protected entry", () => {
    expect(Object.keys(CALLS).sort()).toEqual(PROTECTED.map(([entry]) => entry).sort());
  });

  const cases = PROTECTED.flatMap(([entry, action]) =>
    CALLER_NAMES.filter((name) => isRest(entry) || !name.startsWith("scope:")).map((caller) => ({
      entry,
      action,
      caller,
    })),
  );
  it.each(cases)("$entry as $caller (takes $action)", async ({ entry, action, caller: name }) => {
    const caller = callers.get(name)!;
    setSession({ userId: caller.auth.userId, signedInAt: Date.now() });
    const outcome = await CALLS[entry]!(caller);
    expect({ forbidden: outcome.forbidden, detail: outcome.detail }).toMatchObject({
      forbidden: !can(caller.auth, action),
    });
  });
});
