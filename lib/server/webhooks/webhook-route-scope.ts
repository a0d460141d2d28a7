import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { requestBy } from "@/lib/server/platform/activity/request-ip";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";

import type { WebhookScope } from "./endpoints";

/** The use cases' scope of a REST call: the token's company, the path's environment, who and from where. */
export function webhookScopeOf(auth: AuthContext, environment: Environment, request: Request): WebhookScope {
  return { auth, environment, by: requestBy(auth, request) };
}

/** POST …/webhooks/{id}/test's message (the delivery follows within seconds, in the endpoint's log). */
export const TEST_SENT_MESSAGE =
  "Evento de prueba webhook.test creado: se entrega en segundos; vea el resultado en GET …/webhooks/{id}/deliveries.";
