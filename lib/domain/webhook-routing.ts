/**
 * Which endpoints receive an event. Pure, so the rule is tested on its own and the
 * dispatcher's fan-out only fetches rows:
 * - only the event's company's endpoints, and only enabled ones (a disabled endpoint receives
 *   nothing new; its pending deliveries wait for it to be enabled again);
 * - an event of environment E goes to the endpoints of E; an event of no environment
 *   (certificate.expiring: the certificate serves every environment) to all the company's endpoints;
 * - an endpoint with event types receives only those (none listed: every type);
 * - webhook.test goes only to the endpoint it tests (its subjectId), whatever its filter.
 */

export interface RoutableEvent {
  accountId: string;
  environment: string | null;
  type: string;
  subjectId: string | null;
}

export interface RoutableEndpoint {
  id: string;
  accountId: string;
  environment: string;
  enabled: boolean;
  /** Empty or null: every type. */
  eventTypes: readonly string[] | null;
}

export function endpointReceives(event: RoutableEvent, endpoint: RoutableEndpoint): boolean {
  if (!endpoint.enabled || endpoint.accountId !== event.accountId) return false;
  if (event.environment !== null && event.environment !== endpoint.environment) return false;
  if (event.type === "webhook.test") return event.subjectId === endpoint.id;
  const types = endpoint.eventTypes ?? [];
  return types.length === 0 || types.includes(event.type);
}

export function endpointsFor<E extends RoutableEndpoint>(event: RoutableEvent, endpoints: readonly E[]): E[] {
  return endpoints.filter((endpoint) => endpointReceives(event, endpoint));
}
