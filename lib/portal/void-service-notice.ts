import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { VoidServiceStatus } from "@/lib/domain/void-service-status";
import { logger } from "@/lib/server/platform/config/logger";
import { currentVoidServiceStatus } from "@/lib/server/platform/taxauth/service-status";

/**
 * DGII's status of Anulación Rangos in the portal's environment as Anula last learned it (the home
 * shows it whatever it is); null without TAXAUTH_STATUS_API_KEY. Never fails the page: a problem
 * is logged and reads as null.
 */
export async function voidServiceStatus(environment: Environment): Promise<VoidServiceStatus | null> {
  try {
    return await currentVoidServiceStatus(environment);
  } catch (error) {
    logger.warn({ err: error, environment }, "DGII service status unavailable for the portal");
    return null;
  }
}

/**
 * What the shell's banner shows: DGII's status of Anulación Rangos in the portal's environment when
 * it is down or in a maintenance window; null otherwise, and always without TAXAUTH_STATUS_API_KEY.
 */
export async function voidServiceNotice(environment: Environment): Promise<VoidServiceStatus | null> {
  const status = await voidServiceStatus(environment);
  return status && (status.state === "down" || status.state === "maintenance") ? status : null;
}
