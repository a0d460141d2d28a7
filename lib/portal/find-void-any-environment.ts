import "server-only";

import { ENVIRONMENTS, isEnvironment } from "@/lib/domain/environments";
import type { VoidRecordView } from "@/lib/server/voids/types";
import { findVoid } from "@/lib/server/voids/void-repository";

/**
 * A void of the account by id: in the given environment, or (links without `env`) in whichever
 * environment holds it. Scoped by accountId in the repository: another account's voidId is "not found".
 */
export async function findAccountVoid(
  accountId: string,
  voidId: string,
  environment?: string,
): Promise<VoidRecordView | null> {
  const environments = environment && isEnvironment(environment) ? [environment] : ENVIRONMENTS;
  for (const candidate of environments) {
    const record = await findVoid(accountId, candidate, voidId);
    if (record) return record;
  }
  return null;
}
