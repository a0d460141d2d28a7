import "server-only";

import { WEBHOOK_ENDPOINTS_MAX } from "@/lib/domain/webhook-endpoint";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { startWebhookReceiver } from "@/lib/server/testing/webhook-receiver";
import { dispatchOnce } from "@/lib/server/webhooks/dispatcher";
import { WEBHOOK_ROUTES } from "@/lib/server/webhooks/testing/webhook-routes";

import type { Scenario } from "./scenarios";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Webhooks: a company of its own creates an endpoint to a local receiver, changes,
 * disables and enables it, rotates its secret, sends a test event (delivered by the dispatcher),
 * reads the delivery log, replays the delivery and deletes the endpoint — each answer recorded as its
 * operation's documented example, with the refusals (400, 404, 409).
 */
export async function webhookScenarios(): Promise<Scenario[]> {
  const company = await createTestAccount({
    rnc: "130000021",
    email: "integraciones@avisos.do",
    roles: ["administrator"],
  });
  const full = await createTestAccount({ rnc: "130000022", email: "ti@lleno.do", roles: ["administrator"] });
  const receiver = await startWebhookReceiver();
  const state = { id: "", deliveryId: "" };
  const modules = new Map(
    WEBHOOK_ROUTES.map((route) => [route.pattern, route.module as unknown as Record<string, Handler>]),
  );

  const call = async (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    pattern: string,
    path: string,
    params: Record<string, string>,
    options: { body?: unknown; token?: string } = {},
  ) => {
    const response = await modules.get(pattern)![method]!(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token ?? company.idToken}`,
          ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
      { params: Promise.resolve({ environment: "TesteCF", ...params }) },
    );
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : "" };
  };
  const BASE = "/TesteCF/customer/webhooks";
  const one = () => ({ id: state.id });
  const createBody = {
    url: receiver.url,
    description: "ERP contable: anulaciones y solicitudes",
    eventTypes: ["void.settled", "void.request.created", "void.request.approved"],
  };
  const changeBody = { description: "ERP contable", eventTypes: [] };

  return [
    {
      operationId: "createWebhook",
      name: "created",
      summary: "Created: the secret is in this answer only",
      status: 201,
      request: createBody,
      run: async () => {
        const answer = await call("POST", "/[environment]/customer/webhooks", BASE, {}, { body: createBody });
        state.id = (answer.body as { id: string }).id;
        return answer;
      },
    },
    {
      operationId: "createWebhook",
      name: "privateAddress",
      summary: "A URL to a private address (or http://, credentials, a fragment) is refused",
      status: 400,
      run: () =>
        call(
          "POST",
          "/[environment]/customer/webhooks",
          BASE,
          {},
          { body: { url: "https://10.0.0.8/anula" } },
        ),
    },
    {
      operationId: "createWebhook",
      name: "limitReached",
      summary: `The company has ${WEBHOOK_ENDPOINTS_MAX} endpoints in this environment already`,
      status: 409,
      run: async () => {
        for (let n = 0; n < WEBHOOK_ENDPOINTS_MAX; n++) {
          await call(
            "POST",
            "/[environment]/customer/webhooks",
            BASE,
            {},
            {
              token: full.idToken,
              body: { url: `https://erp.lleno.do/webhooks/${n}` },
            },
          );
        }
        return call(
          "POST",
          "/[environment]/customer/webhooks",
          BASE,
          {},
          {
            token: full.idToken,
            body: { url: "https://erp.lleno.do/webhooks/otro" },
          },
        );
      },
    },
    {
      operationId: "listWebhooks",
      name: "endpoints",
      summary: "The company's endpoints in this environment",
      status: 200,
      run: () => call("GET", "/[environment]/customer/webhooks", BASE, {}),
    },
    {
      operationId: "updateWebhook",
      name: "changed",
      summary: "Description changed; every event type from now on",
      status: 200,
      request: changeBody,
      run: () =>
        call("PATCH", "/[environment]/customer/webhooks/[id]", `${BASE}/${state.id}`, one(), {
          body: changeBody,
        }),
    },
    {
      operationId: "updateWebhook",
      name: "disabled",
      summary: "Disabled by hand: nothing is sent until it is enabled",
      status: 200,
      request: { enabled: false },
      run: () =>
        call("PATCH", "/[environment]/customer/webhooks/[id]", `${BASE}/${state.id}`, one(), {
          body: { enabled: false },
        }),
    },
    {
      operationId: "testWebhook",
      name: "disabled",
      summary: "A disabled endpoint gets no test",
      status: 409,
      run: () =>
        call("POST", "/[environment]/customer/webhooks/[id]/test", `${BASE}/${state.id}/test`, one()),
    },
    {
      operationId: "updateWebhook",
      name: "enabled",
      summary: "Enabled again: failure run and back-off cleared",
      status: 200,
      request: { enabled: true },
      run: () =>
        call("PATCH", "/[environment]/customer/webhooks/[id]", `${BASE}/${state.id}`, one(), {
          body: { enabled: true },
        }),
    },
    {
      operationId: "rotateWebhookSecret",
      name: "rotated",
      summary: "A new secret; the previous one signs too for 24 hours",
      status: 200,
      run: () =>
        call(
          "POST",
          "/[environment]/customer/webhooks/[id]/rotate-secret",
          `${BASE}/${state.id}/rotate-secret`,
          one(),
        ),
    },
    {
      operationId: "testWebhook",
      name: "sent",
      summary: "A webhook.test event for this endpoint",
      status: 202,
      run: async () => {
        const answer = await call(
          "POST",
          "/[environment]/customer/webhooks/[id]/test",
          `${BASE}/${state.id}/test`,
          one(),
        );
        await dispatchOnce();
        return answer;
      },
    },
    {
      operationId: "listWebhookDeliveries",
      name: "delivered",
      summary: "The delivery log: the test event, delivered",
      status: 200,
      run: async () => {
        const answer = await call(
          "GET",
          "/[environment]/customer/webhooks/[id]/deliveries",
          `${BASE}/${state.id}/deliveries`,
          one(),
        );
        state.deliveryId = (answer.body as { items: Array<{ id: string }> }).items[0]?.id ?? "";
        return answer;
      },
    },
    {
      operationId: "listWebhookDeliveries",
      name: "invalidStatus",
      summary: "A status deliveries do not have",
      status: 400,
      run: () =>
        call(
          "GET",
          "/[environment]/customer/webhooks/[id]/deliveries",
          `${BASE}/${state.id}/deliveries?status=sent`,
          one(),
        ),
    },
    {
      operationId: "replayWebhookDelivery",
      name: "replayed",
      summary: "Sent again now with the same webhook-id (trigger replay)",
      status: 200,
      run: () =>
        call(
          "POST",
          "/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay",
          `${BASE}/${state.id}/deliveries/${state.deliveryId}/replay`,
          { id: state.id, deliveryId: state.deliveryId },
        ),
    },
    {
      operationId: "getWebhookDelivery",
      name: "delivery",
      summary: "One delivery with its attempts and the event's data",
      status: 200,
      run: () =>
        call(
          "GET",
          "/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]",
          `${BASE}/${state.id}/deliveries/${state.deliveryId}`,
          { id: state.id, deliveryId: state.deliveryId },
        ),
    },
    {
      operationId: "getWebhookDelivery",
      name: "notFound",
      summary: "No such delivery to this endpoint",
      status: 404,
      run: () => {
        const unknown = "01a2aaaa-0000-7000-8000-00000000d000";
        return call(
          "GET",
          "/[environment]/customer/webhooks/[id]/deliveries/[deliveryId]",
          `${BASE}/${state.id}/deliveries/${unknown}`,
          { id: state.id, deliveryId: unknown },
        );
      },
    },
    {
      operationId: "getWebhook",
      name: "endpoint",
      summary: "The endpoint, with its last delivery",
      status: 200,
      run: () => call("GET", "/[environment]/customer/webhooks/[id]", `${BASE}/${state.id}`, one()),
    },
    {
      operationId: "getWebhook",
      name: "notFound",
      summary: "Unknown, or another company's or environment's endpoint",
      status: 404,
      run: () => {
        const unknown = "01a2aaaa-0000-7000-8000-00000000e000";
        return call("GET", "/[environment]/customer/webhooks/[id]", `${BASE}/${unknown}`, { id: unknown });
      },
    },
    {
      operationId: "deleteWebhook",
      name: "deleted",
      summary: "Deleted with its delivery log",
      status: 204,
      run: async () => {
        const answer = await call(
          "DELETE",
          "/[environment]/customer/webhooks/[id]",
          `${BASE}/${state.id}`,
          one(),
        );
        await receiver.close();
        return answer;
      },
    },
  ];
}
