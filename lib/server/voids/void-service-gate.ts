import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { formatFechaHora } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { currentVoidServiceStatus } from "@/lib/server/platform/taxauth/service-status";

/** Retry-After never sends a client away for more than an hour: a window may be cut short. */
export const MAX_RETRY_AFTER_SECONDS = 3_600;

/**
 * createVoid's step before anything is stored or sent: with TAXAUTH_STATUS_API_KEY configured, a
 * void while DGII announces "Anulación Rangos" of the environment in a maintenance window or down is
 * refused with 503 TAXAUTH_UNAVAILABLE and Retry-After (seconds until the window ends; for "down",
 * one status interval). Without a key, or when the status is unknown, it does nothing.
 */
export async function refuseWhileVoidServiceUnavailable(
  environment: Environment,
  now = Date.now(),
): Promise<void> {
  const status = await currentVoidServiceStatus(environment, now);
  if (!status || (status.state !== "maintenance" && status.state !== "down")) return;
  const untilMs =
    status.state === "maintenance" && status.window
      ? status.window.to - now
      : (loadConfig().taxAuth.status?.intervalMs ?? 60_000);
  const retryAfter = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(untilMs / 1000)));
  logger.warn(
    { environment, state: status.state, window: status.window, retryAfter },
    "void refused: DGII unavailable",
  );
  const message =
    status.state === "maintenance" && status.window
      ? `La DGII anuncia el servicio Anulación Rangos de ${environment} en mantenimiento de ` +
        `${hourOf(status.window.from)} a ${hourOf(status.window.to)} (hora de Santo Domingo); ` +
        `no se guardó ni se envió nada. Reintente al terminar la ventana.`
      : `La DGII informa que el servicio Anulación Rangos de ${environment} no está disponible; ` +
        `no se guardó ni se envió nada. Reintente en unos minutos.`;
  throw new AppError("TAXAUTH_UNAVAILABLE", message, { extra: { retryAfter } });
}

/** `dd-MM-yyyy HH:mm`, Santo Domingo time. */
function hourOf(epochMs: number): string {
  return formatFechaHora(epochMs).slice(0, 16);
}
