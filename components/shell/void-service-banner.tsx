import type { Environment } from "@/lib/domain/environments";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { VoidServiceStatus } from "@/lib/domain/void-service-status";
import { format, type Dictionary } from "@/lib/i18n";

import styles from "./void-service-banner.module.css";

/**
 * DGII's announced maintenance window or outage of "Anulación Rangos" in the portal's environment
 * (server-rendered from the cached status: no polling). Nothing for "up" or "unknown": an answer
 * Anula could not read never shows a banner.
 */
export function VoidServiceBanner({
  status,
  environment,
  t,
}: {
  status: VoidServiceStatus | null | undefined;
  environment: Environment;
  t: Pick<Dictionary, "shell" | "environments">;
}) {
  if (!status || (status.state !== "down" && status.state !== "maintenance")) return null;
  const values = { environment: t.environments[environment] };
  const text =
    status.state === "maintenance" && status.window
      ? format(t.shell.taxAuthMaintenanceBanner, {
          ...values,
          from: santoDomingoMinutes(status.window.from),
          to: santoDomingoMinutes(status.window.to),
        })
      : format(t.shell.taxAuthDownBanner, values);
  return (
    <div
      className={styles.banner}
      role="status"
      data-testid="taxauth-status-banner"
      data-state={status.state}
    >
      {text}
    </div>
  );
}

/** `dd-MM-yyyy HH:mm` in America/Santo_Domingo, whatever the server's zone. */
function santoDomingoMinutes(epochMs: number): string {
  return formatFechaHora(epochMs).slice(0, 16);
}
