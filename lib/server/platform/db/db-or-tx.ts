import "server-only";

import type { Prisma } from "@/prisma/generated/client";

/**
 * What runs raw SQL: the Prisma client or an interactive transaction's client. Functions that must
 * write in the caller's transaction (writeEvent, lockSeries) take this.
 */
export type RawSql = Pick<Prisma.TransactionClient, "$executeRaw" | "$queryRaw">;
