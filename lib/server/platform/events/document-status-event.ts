import "server-only";

import type { EventPayloads } from "./event-types";
import type { NewEvent } from "./write-event";

type DocumentStatusChanged = EventPayloads["document.status_changed"];

/**
 * The `document.status_changed` event of one e-CF: one builder for every writer (issuing, DGII's
 * reception and verdict, a person's review, an import, a refresh), so its payload is assembled once.
 */
export function documentStatusChangedEvent(
  document: { id: string; ncf: string; accountId: string; environment: DocumentStatusChanged["environment"] },
  change: {
    customerId: string;
    previousStatus: string | null;
    status: string;
    via: DocumentStatusChanged["via"];
    now: number;
  },
): NewEvent<"document.status_changed"> {
  return {
    type: "document.status_changed",
    accountId: document.accountId,
    environment: document.environment,
    subjectId: document.id,
    now: change.now,
    payload: {
      documentId: document.id,
      ncf: document.ncf,
      customerId: change.customerId,
      environment: document.environment,
      previousStatus: change.previousStatus,
      status: change.status,
      via: change.via,
    },
  };
}
