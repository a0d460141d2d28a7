import "server-only";
import * as voidRoute from "@/app/[environment]/customer/void-ncf/route";
import * as voidXmlRoute from "@/app/[environment]/customer/void-ncf/[voidId]/xml/route";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { TaxAuthClient, taxAuthConfigFromEnv } from "@/lib/server/platform/taxauth";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";
import { waitForInFlight } from "../../platform/ops/in-flight";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";

export interface VoidTestApp {
  db: TestDatabase;
  simulator: SimulatorHandle;
  server: RouteServer;
  client: TaxAuthClient;
  /** POST/GET helper over real HTTP. */
  call(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers; text: string }>;
  close(): Promise<void>;
}

/**
 * The void endpoints served over real HTTP on loopback, a clean database and a DGII simulator with
 * its admin API, wired as the app wires them. Short deadlines make the late-answer path testable.
 */
export async function startVoidTestApp(
  options: {
    deadlineMs?: number;
    responseTimeoutMs?: number;
    /** Send to this authority instead of the in-process simulator (the bench's separate process). */
    taxAuthUrl?: string;
    /** More route modules served beside the void endpoints (e.g. issuing, whose numbers voids refuse). */
    routes?: Parameters<typeof startRouteServer>[0];
  } = {},
): Promise<VoidTestApp> {
  setEnvForTests({ VOID_DEADLINE_MS: String(options.deadlineMs ?? 1_500) });
  // Off, and counted in each test database anyway (a fresh one per app): nothing to reset.
  setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
  const db = await createTestDatabase();
  const simulator = await startTaxAuthSimulator({ port: 0, adminEnabled: true });
  const client = new TaxAuthClient(
    taxAuthConfigFromEnv(
      {
        TAXAUTH_RESPONSE_TIMEOUT_MS: String(options.responseTimeoutMs ?? 4_000),
      } as unknown as NodeJS.ProcessEnv,
      options.taxAuthUrl ?? simulator.url,
    ),
  );
  setTaxAuthClient(client);
  const server = await startRouteServer([
    { pattern: "/[environment]/customer/void-ncf", module: voidRoute },
    { pattern: "/[environment]/customer/void-ncf/[voidId]/xml", module: voidXmlRoute },
    ...(options.routes ?? []),
  ]);
  return {
    db,
    simulator,
    server,
    client,
    async call(method, path, { token, body, rawBody, headers = {} } = {}) {
      const response = await fetch(server.url + path, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined || rawBody !== undefined ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        body: rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
      });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Non-JSON bodies (the XML download) are read from `text`.
      }
      return { status: response.status, body: parsed, headers: response.headers, text };
    },
    async close() {
      await waitForInFlight(10_000);
      setTaxAuthClient(undefined);
      await client.close();
      await server.close();
      await simulator.close();
      await db.dispose();
    },
  };
}
