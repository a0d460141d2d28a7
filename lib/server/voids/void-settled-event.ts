import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { EventPayloads } from "@/lib/server/platform/events/event-types";
import type { NewEvent } from "@/lib/server/platform/events/write-event";

type Settled = EventPayloads["void.settled"];

/**
 * The void.settled event of a void leaving Error, one builder for its three ways: DGII's answer to
 * the send, an accepted resend, a person's settlement.
 */
export function voidSettledEvent({
  accountId,
  now,
  ...fields
}: {
  accountId: string;
  environment: Environment;
  voidId: string;
  customerId: string;
  status: Settled["status"];
  via: Settled["via"];
  totalVoided: number;
  dgiiCode: string | null;
  settledBy: string | null;
  now: number;
}): NewEvent<"void.settled"> {
  const { voidId, customerId, environment, status, via, totalVoided, dgiiCode, settledBy } = fields;
  const payload: Settled = {
    voidId,
    customerId,
    environment,
    previousStatus: "Error",
    status,
    via,
    totalVoided,
    dgiiCode,
    settledBy,
  };
  return { type: "void.settled", accountId, environment, subjectId: voidId, now, payload };
}
