import "server-only";

import * as importRoute from "@/app/[environment]/documentos-ecf/import/route";
import * as voidRoute from "@/app/[environment]/customer/void-ncf/route";
import * as requestsRoute from "@/app/[environment]/customer/void-requests/route";
import * as requestRoute from "@/app/[environment]/customer/void-requests/[requestId]/route";
import * as approveRoute from "@/app/[environment]/customer/void-requests/[requestId]/approve/route";
import * as rejectRoute from "@/app/[environment]/customer/void-requests/[requestId]/reject/route";
import type { CompanyRole } from "@/lib/domain/roles";
import { createUser } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { signIdToken, type AuthContext } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

/**
 * The approval endpoints over real HTTP (POST void-ncf, void-requests list/get/approve/reject, the
 * documents import for SEQUENCE_USED), on a clean database with the DGII simulator, and companies
 * with several people.
 */
export interface ApprovalsTestApp {
  app: VoidTestApp;
  server: RouteServer;
  call(
    method: "GET" | "POST",
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  close(): Promise<void>;
}

export async function startApprovalsTestApp(): Promise<ApprovalsTestApp> {
  const app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
  const server = await startRouteServer([
    { pattern: "/[environment]/customer/void-ncf", module: voidRoute },
    { pattern: "/[environment]/customer/void-requests", module: requestsRoute },
    { pattern: "/[environment]/customer/void-requests/[requestId]", module: requestRoute },
    { pattern: "/[environment]/customer/void-requests/[requestId]/approve", module: approveRoute },
    { pattern: "/[environment]/customer/void-requests/[requestId]/reject", module: rejectRoute },
    { pattern: "/[environment]/documentos-ecf/import", module: importRoute },
  ]);
  return {
    app,
    server,
    async call(method, path, { token, body, headers = {} } = {}) {
      const response = await fetch(server.url + path, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
        headers: response.headers,
      };
    },
    async close() {
      await server.close();
      await app.close();
    },
  };
}

export interface Person {
  auth: AuthContext;
  idToken: string;
}

/** A company (certificate and API key) whose first person is its administrator only. */
export async function createCompany(): Promise<TestAccount> {
  return createTestAccount({ roles: ["administrator"], certificate: true, apiKey: true });
}

let people = 0;

/** One more person of the company with `roles`. */
export async function addPerson(company: TestAccount, roles: CompanyRole[]): Promise<Person> {
  people += 1;
  const user = await createUser({
    accountId: company.auth.accountId,
    email: `person-${people}-${company.auth.rnc}@test.local`,
    password: "test-password-1",
    roles,
    organizationAdmin: false,
  });
  const auth = (await loadActiveUser(user.id, company.auth.accountId))!;
  return { auth, idToken: await signIdToken(auth) };
}

let sequence = 0;

/** A fresh, never-used range of `count` sequences of type 31. */
export function freshRange(count = 5) {
  sequence += 1000;
  const from = `E31${String(sequence + 1).padStart(10, "0")}`;
  const to = `E31${String(sequence + count).padStart(10, "0")}`;
  return { secuenciaDesde: from, secuenciaHasta: to };
}
