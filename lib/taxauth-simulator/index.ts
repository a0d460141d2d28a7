import "server-only";

import type { AddressInfo } from "node:net";

import { createAdmin, type SimulatorAdmin } from "./admin";
import { DIALECTS, isDialect, type Dialect } from "./dialects";
import { createSimulatorServer } from "./server";
import { SimulatorState } from "./state";

export type { SimulatorAdmin, RangesInput } from "./admin";
export type { FaultSpec, FaultMode, ServiceName } from "./faults";
export { DIALECTS, type Dialect } from "./dialects";
export type { LedgerRange } from "./ledger";
export type { SimulatedDocument, Delegation, EstadoCodigo } from "./registry";
export type { CallRecord } from "./state";
export type {
  MaintenanceWindowInput,
  ServiceStatusInput,
  StatusAnswerInput,
  StatusCall,
  StatusEndpoint,
} from "./service-status";

export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Serve `/admin/...` over HTTP. Off by default; tests and the embedded default turn it on. */
  adminEnabled?: boolean;
  /**
   * With the admin API on: the token its callers must send (`Authorization: Bearer <token>`);
   * any other request to `/admin/...` is 401. Unset: the admin API is open (in-process tests only).
   */
  adminToken?: string;
  /** Persist the ledger and documents to this JSON file (loaded at start when it exists). */
  ledgerFile?: string;
  /**
   * The key DGII's status service (/api/estatusservicios/…) requires as `Authorization: Apikey <key>`.
   * Unset: any non-empty key is accepted; a missing one is 401, as DGII answers.
   */
  statusApiKey?: string;
  /** How anularrango words its answers (default success1); `admin.setDialect` changes it later. */
  dialect?: Dialect;
  /**
   * How long a received e-CF shows 3 En Proceso before its verdict (default 200 ms, DGII's published
   * average); `admin.setReceptionDelay` changes it later.
   */
  receptionDelayMs?: number;
}

export interface SimulatorHandle {
  /** Base URL, e.g. http://127.0.0.1:43121; the environments live under /testecf, /certecf, /ecf. */
  url: string;
  port: number;
  admin: SimulatorAdmin;
  close(): Promise<void>;
}

/** Starts a DGII simulator: semilla, validarsemilla, anularrango, recepcion and the queries per environment. */
export async function startTaxAuthSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  if (options.dialect !== undefined && !isDialect(options.dialect)) {
    throw new Error(`Unknown dialect ${String(options.dialect)}; one of ${DIALECTS.join(", ")}`);
  }
  const state = new SimulatorState(options.ledgerFile, options.dialect, options.receptionDelayMs);
  state.serviceStatus.requireApiKey(options.statusApiKey);
  const admin = createAdmin(state);
  if (options.receptionDelayMs !== undefined) admin.setReceptionDelay(options.receptionDelayMs);
  const server = createSimulatorServer(state, admin, {
    enabled: options.adminEnabled ?? false,
    token: options.adminToken,
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    admin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hung requests and idle keep-alive sockets would otherwise keep close() waiting.
        server.closeAllConnections();
      }),
  };
}
