/**
 * Who is told about an event in the portal's notification centre (the bell) and by e-mail
 * (docs/portal.md, "Notifications"). Pure: the consumer (lib/server/notifications) loads the company's
 * members and, for void requests, who asked; this module decides. The rule of each event type is
 * written once, here, and the type of `NOTIFICATION_RULES` makes a new event type impossible to
 * forget.
 *
 * Audiences are roles of the company the event belongs to (CompanyMember.roles), through the
 * actions of lib/domain/roles.ts: whoever may act on what happened is told. Disabled people are
 * never told, and nobody is told about their own action.
 */
import type { EventType } from "./event-types";
import { rolesAllow, type CompanyAction, type CompanyRole } from "./roles";

/** Every event type of the outbox has a rule: a new type does not compile until it gets one. */
export type NotifiableEventType = EventType;

export type NotificationRule =
  /** Members holding a role that allows any of these actions. */
  | { audience: "action"; actions: readonly CompanyAction[] }
  /** The person who asked for the void request (never a service account). */
  | { audience: "requester" }
  /** Nobody: `why` says why, for the reader of this table. */
  | { audience: "none"; why: string };

export const NOTIFICATION_RULES: Record<NotifiableEventType, NotificationRule> = {
  // A request waits for an approver: those who may approve it (never the requester, see below).
  "void.request.created": { audience: "action", actions: ["voids.approve"] },
  // The requester learns the decision (or that nobody decided in time).
  "void.request.approved": { audience: "requester" },
  "void.request.rejected": { audience: "requester" },
  "void.request.expired": { audience: "requester" },
  // No answer can reach the attempt any more: it stays Error until a person settles it with DGII's
  // OFV (Por confirmar) — whether its instance died (interrupted) or DGII never answered the send
  // (unconfirmed: an integration's 502 is otherwise seen by no person).
  "void.interrupted": { audience: "action", actions: ["voids.settle"] },
  "void.unconfirmed": { audience: "action", actions: ["voids.settle"] },
  // The ledger: administrators keep the authorizations (ledger.manage), operators issue and void.
  "sequence.gap_detected": { audience: "action", actions: ["ledger.manage", "voids.send"] },
  // An expiring range's unused numbers: administrators, and approvers who decide on closing them.
  "sequence.expiring": { audience: "action", actions: ["ledger.manage", "voids.approve", "voids.send"] },
  "sequence.gap_deadline_approaching": { audience: "action", actions: ["ledger.manage", "voids.send"] },
  "sequence.gap_deadline_missed": { audience: "action", actions: ["ledger.manage", "voids.send"] },
  "sequence.depleted": { audience: "action", actions: ["ledger.manage", "voids.send"] },
  // The forecast: requesting the next authorization (or a smaller one) is the administrators' task.
  "sequence.forecast_request_by": { audience: "action", actions: ["ledger.manage"] },
  "sequence.forecast_unused": { audience: "action", actions: ["ledger.manage"] },
  // A year-end close waits for the company's decision where its policy asks an approver: its approvers.
  "year_end_close.awaiting_decision": { audience: "action", actions: ["voids.approve"] },
  // The year-end close's outcome for the company: who keeps the ledger and who decided on it.
  "year_end_close.completed": { audience: "action", actions: ["ledger.manage", "voids.approve"] },
  "certificate.expiring": { audience: "action", actions: ["certificates.manage"] },
  "webhook.disabled": { audience: "action", actions: ["webhooks.manage"] },
  // An e-CF must reach DGII in time: those who issue and the administrators who declare contingencies.
  "document.deadline_approaching": { audience: "action", actions: ["documents.issue", "issuer.contingency"] },
  "document.deadline_missed": { audience: "action", actions: ["documents.issue", "issuer.contingency"] },
  "void.created": {
    audience: "none",
    why: "every void writes it before DGII is asked: the person who sent it sees the outcome at once; an outcome that needs someone is announced as such (void.interrupted)",
  },
  "void.settled": {
    audience: "none",
    why: "a final status reached by DGII's answer or by the person who settled it: nothing is left to do",
  },
  "document.status_changed": {
    audience: "none",
    why: "the refresh of imported documents changes thousands of statuses: integrations follow them by webhook, people on the documents page",
  },
  "webhook.test": {
    audience: "none",
    why: "asked for by the person looking at the endpoint, and sent to that endpoint only",
  },
};

export function isNotifiableEventType(type: string): type is NotifiableEventType {
  return Object.hasOwn(NOTIFICATION_RULES, type);
}

/** The event types that may notify someone (the others are marked and skipped in bulk). */
export const NOTIFYING_EVENT_TYPES = (Object.keys(NOTIFICATION_RULES) as NotifiableEventType[]).filter(
  (type) => NOTIFICATION_RULES[type].audience !== "none",
);

export interface AudienceMember {
  userId: string;
  roles: readonly CompanyRole[];
  disabled: boolean;
}

export interface AudienceFacts {
  /** The void request's requestedByUserId (a user or a service account id), for void.request.*. */
  requesterId?: string | null;
  /** Who caused the event, when a person did (never told about their own action). */
  actorId?: string | null;
}

/**
 * The user ids to notify of an event of `type` in a company whose members are `members`. Only
 * members of that company are ever returned (a requester who left it is not told), each once.
 */
export function notificationAudience(
  type: string,
  members: readonly AudienceMember[],
  facts: AudienceFacts = {},
): string[] {
  if (!isNotifiableEventType(type)) return [];
  const rule = NOTIFICATION_RULES[type];
  const active = members.filter((member) => !member.disabled);
  let chosen: AudienceMember[];
  switch (rule.audience) {
    case "none":
      return [];
    case "requester":
      chosen = active.filter((member) => facts.requesterId != null && member.userId === facts.requesterId);
      break;
    case "action":
      chosen = active.filter((member) => rule.actions.some((action) => rolesAllow(member.roles, action)));
      // A request is decided by someone else (voids.approve never covers one's own request).
      if (type === "void.request.created" && facts.requesterId != null) {
        chosen = chosen.filter((member) => member.userId !== facts.requesterId);
      }
      break;
  }
  return [
    ...new Set(
      chosen.map((member) => member.userId).filter((id) => facts.actorId == null || id !== facts.actorId),
    ),
  ];
}
