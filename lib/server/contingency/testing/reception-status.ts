import "server-only";

import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { resetServiceStatusForTests } from "@/lib/server/platform/taxauth/service-status";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";

const KEY = "XXXXXXX-XXXXXXX-XXXX-XXXXXXXXXX";

/** DGII's status service, simulated, as the deadline tests read it: start, set TesteCF's reception, stop. */
export interface ReceptionStatus {
  simulator: SimulatorHandle;
  /** Sets TesteCF's reception service; the status is cached, so the next read asks the simulator again. */
  setTesteCF(estatus: "Disponible" | "No Disponible"): void;
  close(): Promise<void>;
}

export async function startReceptionStatus(): Promise<ReceptionStatus> {
  const simulator = await startTaxAuthSimulator({ port: 0, statusApiKey: KEY });
  setEnvForTests({
    TAXAUTH_STATUS_API_KEY: KEY,
    TAXAUTH_STATUS_URL: simulator.url,
    TAXAUTH_STATUS_INTERVAL_MS: "60000",
  });
  resetServiceStatusForTests();
  return {
    simulator,
    setTesteCF(estatus) {
      simulator.admin.setServiceStatus({ environment: "TesteCF", service: "Recepción", estatus });
      resetServiceStatusForTests();
    },
    async close() {
      setEnvForTests({
        TAXAUTH_STATUS_API_KEY: undefined,
        TAXAUTH_STATUS_URL: undefined,
        TAXAUTH_STATUS_INTERVAL_MS: undefined,
      });
      resetServiceStatusForTests();
      await simulator.close();
    },
  };
}
