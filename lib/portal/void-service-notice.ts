import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { VoidServiceStatus } from "@/lib/domain/void-service-status";
import { logger } from "@/lib/server/platform/config/logger";
import { currentVoidServiceStatus } from "@/lib/server/platform/taxauth/service-status";

/**
 * What the shell's banner shows: DGII's status of Anulación Rangos in the portal's environment when
 * it is down or in a maintenance window; null otherwise, and always without TAXAUTH_STATUS_API_KEY.
 * Never fails the page: a problem is logged and shows no banner.
 */
export async function voidServiceNotice(environment: Environment): Promise<VoidServiceStatus | null> {
  try {
    const status = await currentVoidServiceStatus(environment);
    return status && (status.state === "down" || status.state === "maintenance") ? status : null;
  } catch (error) {
    logger.warn({ err: error, environment }, "DGII service status unavailable for the portal banner");
    return null;
  }
}
