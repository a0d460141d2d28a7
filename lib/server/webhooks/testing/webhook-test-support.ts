import "server-only";

import type { EventType } from "@/lib/server/platform/events/event-types";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import type { PrismaClient } from "@/lib/server/platform/db";

/** Writes one outbox event as a state change would (its own transaction); returns its id. */
export function emitEvent(
  prisma: PrismaClient,
  input: {
    accountId: string;
    type: EventType;
    environment: "TesteCF" | "CerteCF" | "eCF" | null;
    subjectId?: string;
    payload?: Record<string, unknown>;
    now?: number;
  },
): Promise<string> {
  return prisma.$transaction((tx) =>
    writeEvent(tx, {
      type: input.type,
      accountId: input.accountId,
      environment: input.environment,
      subjectId: input.subjectId ?? null,
      payload: (input.payload ?? { marker: input.type }) as never,
      now: input.now,
    }),
  );
}
