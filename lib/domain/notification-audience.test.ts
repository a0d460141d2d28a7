import { describe, expect, it } from "vitest";

import { EVENT_TYPES } from "./event-types";
import {
  isNotifiableEventType,
  notificationAudience,
  NOTIFICATION_RULES,
  NOTIFYING_EVENT_TYPES,
  type AudienceMember,
} from "./notification-audience";

const admin: AudienceMember = { userId: "admin", roles: ["administrator"], disabled: false };
const approver: AudienceMember = { userId: "approver", roles: ["approver"], disabled: false };
const approver2: AudienceMember = { userId: "approver2", roles: ["approver", "viewer"], disabled: false };
const operator: AudienceMember = { userId: "operator", roles: ["operator"], disabled: false };
const viewer: AudienceMember = { userId: "viewer", roles: ["viewer"], disabled: false };
const everything: AudienceMember = {
  userId: "all",
  roles: ["administrator", "approver", "operator"],
  disabled: false,
};
const disabledAdmin: AudienceMember = {
  userId: "gone",
  roles: ["administrator", "approver"],
  disabled: true,
};
const members = [admin, approver, approver2, operator, viewer, everything, disabledAdmin];

const sorted = (ids: string[]) => [...ids].sort();

describe("notificationAudience", () => {
  it("has a rule for every event type of the outbox, and nothing else", () => {
    expect(sorted(Object.keys(NOTIFICATION_RULES))).toEqual(sorted([...EVENT_TYPES]));
    for (const type of EVENT_TYPES) expect(isNotifiableEventType(type)).toBe(true);
    expect(isNotifiableEventType("void.unknown")).toBe(false);
  });

  it("void.request.created → the approvers, never the requester", () => {
    expect(
      sorted(notificationAudience("void.request.created", members, { requesterId: "all", actorId: "all" })),
    ).toEqual(["approver", "approver2"]);
    expect(
      sorted(notificationAudience("void.request.created", members, { requesterId: "operator" })),
    ).toEqual(["all", "approver", "approver2"]);
  });

  it.each(["void.request.approved", "void.request.rejected", "void.request.expired"])(
    "%s → the requester only, if a member and a person",
    (type) => {
      expect(notificationAudience(type, members, { requesterId: "operator", actorId: "approver" })).toEqual([
        "operator",
      ]);
      // A service account (not a member), a requester who left the company, or a disabled one: nobody.
      expect(notificationAudience(type, members, { requesterId: "service-account-1" })).toEqual([]);
      expect(notificationAudience(type, members, { requesterId: "gone" })).toEqual([]);
      expect(notificationAudience(type, members, {})).toEqual([]);
    },
  );

  it.each(["void.interrupted", "void.unconfirmed"] as const)(
    "%s → those who may settle (approvers)",
    (type) => {
      expect(sorted(notificationAudience(type, members))).toEqual(["all", "approver", "approver2"]);
    },
  );

  it("sequence.expiring → administrators, approvers and operators (unused numbers to close or use)", () => {
    expect(sorted(notificationAudience("sequence.expiring", members))).toEqual([
      "admin",
      "all",
      "approver",
      "approver2",
      "operator",
    ]);
  });

  it.each([
    "sequence.depleted",
    "sequence.gap_detected",
    "sequence.gap_deadline_approaching",
    "sequence.gap_deadline_missed",
  ])("%s → administrators and operators", (type) => {
    expect(sorted(notificationAudience(type, members))).toEqual(["admin", "all", "operator"]);
  });

  it.each([
    "certificate.expiring",
    "webhook.disabled",
    "sequence.forecast_request_by",
    "sequence.forecast_unused",
  ])("%s → administrators", (type) => {
    expect(sorted(notificationAudience(type, members))).toEqual(["admin", "all"]);
  });

  it.each(["void.created", "void.settled", "document.status_changed", "webhook.test"])(
    "%s → nobody",
    (type) => {
      expect(notificationAudience(type, members, { requesterId: "operator" })).toEqual([]);
      expect(NOTIFYING_EVENT_TYPES).not.toContain(type);
    },
  );

  it("an unknown type notifies nobody; disabled people never; the actor never; each person once", () => {
    expect(notificationAudience("something.else", members)).toEqual([]);
    expect(notificationAudience("webhook.disabled", [disabledAdmin])).toEqual([]);
    expect(notificationAudience("webhook.disabled", members, { actorId: "admin" })).toEqual(["all"]);
    expect(notificationAudience("webhook.disabled", [admin, admin])).toEqual(["admin"]);
  });
});
