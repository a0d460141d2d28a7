import "server-only";

import { ENVIRONMENTS, isEnvironment } from "@/lib/domain/environments";
import { isAppError } from "@/lib/errors";
import { getVoidRequest } from "@/lib/server/approvals/list-void-requests";
import type { VoidRequestView } from "@/lib/server/approvals/void-request-repository";

/**
 * A void request of the company by id: in the given environment, or (links without `env`) in
 * whichever environment holds it. getVoidRequest is scoped by the company: another company's
 * request is "not found" (null).
 */
export async function findAccountVoidRequest(
  accountId: string,
  requestId: string,
  environment?: string,
): Promise<VoidRequestView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) return null;
  const environments = environment && isEnvironment(environment) ? [environment] : ENVIRONMENTS;
  for (const candidate of environments) {
    try {
      return await getVoidRequest(accountId, candidate, requestId);
    } catch (error) {
      if (!isAppError(error) || error.code !== "VOID_REQUEST_NOT_FOUND") throw error;
    }
  }
  return null;
}
