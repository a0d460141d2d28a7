import { Banner } from "@/components/ui/banner";
import type { Dictionary } from "@/lib/i18n";

/**
 * On a void the DGII simulator answered (TAXAUTH=simulator, or before the deployment moved to DGII):
 * its Aceptado or Rechazado is the simulator's, never DGII's word (lib/domain/taxauth-deployment.ts).
 */
export function SimulatedNotice({ simulated, t }: { simulated: boolean; t: Dictionary["voidDetail"] }) {
  if (!simulated) return null;
  return (
    <Banner tone="warning" testId="void-simulated">
      <p>{t.simulated}</p>
    </Banner>
  );
}
