import "server-only";

import * as webhooksRoute from "@/app/[environment]/customer/webhooks/route";
import * as webhookRoute from "@/app/[environment]/customer/webhooks/[id]/route";
import * as testRoute from "@/app/[environment]/customer/webhooks/[id]/test/route";
import * as rotateRoute from "@/app/[environment]/customer/webhooks/[id]/rotate-secret/route";
import * as deliveriesRoute from "@/app/[environment]/customer/webhooks/[id]/deliveries/route";
import * as deliveryRoute from "@/app/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/route";
import * as replayRoute from "@/app/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay/route";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";

/** The webhook endpoints' routes, for startRouteServer (tests serve them over real HTTP). */
export const WEBHOOK_ROUTES = [
  { pattern: "/[environment]/customer/webhooks", module: webhooksRoute },
  { pattern: "/[environment]/customer/webhooks/[id]", module: webhookRoute },
  { pattern: "/[environment]/customer/webhooks/[id]/test", module: testRoute },
  { pattern: "/[environment]/customer/webhooks/[id]/rotate-secret", module: rotateRoute },
  { pattern: "/[environment]/customer/webhooks/[id]/deliveries", module: deliveriesRoute },
  { pattern: "/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]", module: deliveryRoute },
  { pattern: "/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay", module: replayRoute },
];

export interface WebhookApi {
  server: RouteServer;
  call(
    method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT",
    path: string,
    options?: { token?: string; body?: unknown; rawBody?: string },
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  close(): Promise<void>;
}

/** The webhook routes on loopback, and a JSON caller (after createTestDatabase). */
export async function startWebhookApi(): Promise<WebhookApi> {
  const server = await startRouteServer(WEBHOOK_ROUTES);
  return {
    server,
    async call(method, path, { token, body, rawBody } = {}) {
      const response = await fetch(server.url + path, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined || rawBody !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
        headers: response.headers,
      };
    },
    close: () => server.close(),
  };
}
