/**
 * DGII's "Anulación Rangos" service in one environment, as Anula last learned it from DGII's status
 * service (statusecf). Shared by the server (which refuses voids) and the portal's banner.
 *
 * - up: DGII lists it "Disponible" and no maintenance window is in force;
 * - down: DGII lists it "No Disponible";
 * - maintenance: now is inside one of DGII's announced maintenance windows for the environment;
 * - unknown: no key configured, no answer yet, an answer too old, or one Anula could not read —
 *   never turned into "up" or "down" by guessing.
 */
export type VoidServiceState = "up" | "down" | "maintenance" | "unknown";

export interface VoidServiceStatus {
  state: VoidServiceState;
  /** The window in force (state "maintenance"), epoch ms. */
  window?: { from: number; to: number };
  /** When DGII's status service last answered what this state rests on (epoch ms); null: never. */
  checkedAt: number | null;
}
