import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/server/platform/db";

export interface CoverageMark {
  /** Epoch ms: every e-CF issued up to this instant has been imported. */
  coveredUntil: number;
  setBy: string | null;
  setAt: number;
}

export async function getCoverageMark(
  accountId: string,
  environment: Environment,
): Promise<CoverageMark | null> {
  const db = await getDb();
  const row = await db.ledgerCoverage.findUnique({
    where: { accountId_environment: { accountId, environment } },
  });
  return row ? { coveredUntil: Number(row.coveredUntil), setBy: row.setBy, setAt: Number(row.setAt) } : null;
}

/**
 * Sets the company's import-coverage mark (the portal, or the import call's `coveredUntil`). Not in
 * the future: a mark says what was imported, and "everything up to tomorrow" cannot be true yet.
 */
export async function setCoverageMark(
  accountId: string,
  environment: Environment,
  coveredUntil: number,
  setBy: string,
  now = Date.now(),
): Promise<CoverageMark> {
  if (!Number.isSafeInteger(coveredUntil) || coveredUntil < 0 || coveredUntil > now + 60_000) {
    throw new AppError(
      "VALIDATION_FAILED",
      "coveredUntil debe ser un instante (epoch ms) que no esté en el futuro.",
      {
        errors: [
          {
            field: "coveredUntil",
            code: "VALIDATION_FAILED",
            message: "coveredUntil no puede estar en el futuro",
          },
        ],
      },
    );
  }
  const db = await getDb();
  const data = { coveredUntil: BigInt(coveredUntil), setBy, setAt: BigInt(now) };
  await db.ledgerCoverage.upsert({
    where: { accountId_environment: { accountId, environment } },
    create: { accountId, environment, ...data },
    update: data,
  });
  return { coveredUntil, setBy, setAt: now };
}
