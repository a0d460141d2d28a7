import { describe, expect, it } from "vitest";

import { endpointReceives, endpointsFor, type RoutableEndpoint, type RoutableEvent } from "./webhook-routing";

const endpoint = (overrides: Partial<RoutableEndpoint> = {}): RoutableEndpoint => ({
  id: "ep-1",
  accountId: "acc-1",
  environment: "TesteCF",
  enabled: true,
  eventTypes: [],
  ...overrides,
});
const event = (overrides: Partial<RoutableEvent> = {}): RoutableEvent => ({
  accountId: "acc-1",
  environment: "TesteCF",
  type: "void.created",
  subjectId: "void-1",
  ...overrides,
});

describe("webhook routing", () => {
  it("sends an event to the company's enabled endpoints of its environment", () => {
    expect(endpointReceives(event(), endpoint())).toBe(true);
    expect(endpointReceives(event(), endpoint({ environment: "eCF" }))).toBe(false);
    expect(endpointReceives(event(), endpoint({ accountId: "acc-2" }))).toBe(false);
    expect(endpointReceives(event(), endpoint({ enabled: false }))).toBe(false);
  });

  it("sends an event without environment to every environment's endpoint of the company", () => {
    const all = [
      endpoint({ id: "a", environment: "TesteCF" }),
      endpoint({ id: "b", environment: "eCF" }),
      endpoint({ id: "c", environment: "CerteCF", accountId: "acc-2" }),
    ];
    expect(
      endpointsFor(event({ environment: null, type: "certificate.expiring" }), all).map((e) => e.id),
    ).toEqual(["a", "b"]);
  });

  it("applies the endpoint's event types (none: all; null read as none)", () => {
    expect(endpointReceives(event(), endpoint({ eventTypes: ["void.settled"] }))).toBe(false);
    expect(
      endpointReceives(event({ type: "void.settled" }), endpoint({ eventTypes: ["void.settled"] })),
    ).toBe(true);
    expect(endpointReceives(event(), endpoint({ eventTypes: null }))).toBe(true);
  });

  it("sends webhook.test only to the endpoint it tests, whatever its filter", () => {
    const test = event({ type: "webhook.test", subjectId: "ep-2" });
    expect(endpointReceives(test, endpoint({ id: "ep-1" }))).toBe(false);
    expect(endpointReceives(test, endpoint({ id: "ep-2", eventTypes: ["void.settled"] }))).toBe(true);
    expect(endpointReceives(test, endpoint({ id: "ep-2", enabled: false }))).toBe(false);
  });
});
