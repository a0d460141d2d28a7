import "server-only";

import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

import { CredentialAuthority } from "./credentials";
import type { Dialect } from "./dialects";
import { FaultInjector, SERVICES, type ServiceName } from "./faults";
import { Ledger } from "./ledger";
import { Registry } from "./registry";
import { ServiceStatusBoard } from "./service-status";

/** DGII: "El promedio estimado de validación es de 200 ms." */
export const DEFAULT_RECEPTION_DELAY_MS = 200;

/** One served call, kept (the last 500) so tests can see what reached "DGII". */
export interface CallRecord {
  service: ServiceName;
  environment: string;
  status: number | "dropped" | "hung";
  /** Holder id of the bearer token, when the call carried a valid one. */
  tokenHolderId?: string | null;
  tokenFingerprint?: string;
  rncEmisor?: string;
  /** anularrango, recepcion: SHA-256 (hex) and length of the received `xml` file part, as sent (proves a resend's bytes). */
  xmlSha256?: string;
  xmlBytes?: number;
  at: number;
}

/** Everything the simulated DGII knows, optionally persisted to a JSON file after each change. */
export class SimulatorState {
  readonly ledger: Ledger;
  readonly registry = new Registry();
  readonly faults = new FaultInjector();
  /** Each service answers after this long (ms): a real DGII is not instant (admin.setLatency). */
  readonly latency = new Map<ServiceName, number>();
  readonly credentials = new CredentialAuthority();
  /** DGII's status service (statusecf): estatus, maintenance windows; not persisted. */
  readonly serviceStatus = new ServiceStatusBoard();
  calls: CallRecord[] = [];
  /** How anularrango words its answers (dialects.ts); reset() returns to the one it started with. */
  dialect: Dialect;
  /** How long a received e-CF shows En Proceso before its verdict (admin.setReceptionDelay). */
  receptionDelayMs: number;

  constructor(
    private readonly ledgerFile?: string,
    private readonly initialDialect: Dialect = "success1",
    private readonly initialReceptionDelayMs = DEFAULT_RECEPTION_DELAY_MS,
  ) {
    this.dialect = initialDialect;
    this.receptionDelayMs = initialReceptionDelayMs;
    this.ledger = new Ledger();
    if (ledgerFile && existsSync(ledgerFile)) {
      const saved = JSON.parse(readFileSync(ledgerFile, "utf8")) as { ledger?: unknown; registry?: unknown };
      this.ledger.load(saved.ledger ?? []);
      this.registry.load(saved.registry);
    }
  }

  recordCall(call: Omit<CallRecord, "at">): void {
    this.calls.push({ ...call, at: Date.now() });
    if (this.calls.length > 500) this.calls.splice(0, this.calls.length - 500);
  }

  callCounts(): Record<ServiceName, number> {
    const counts = Object.fromEntries(SERVICES.map((service) => [service, 0])) as Record<ServiceName, number>;
    for (const call of this.calls) counts[call.service] += 1;
    return counts;
  }

  reset(): void {
    this.ledger.reset();
    this.registry.reset();
    this.faults.clear();
    this.latency.clear();
    this.calls = [];
    this.serviceStatus.reset();
    this.dialect = this.initialDialect;
    this.receptionDelayMs = this.initialReceptionDelayMs;
    this.persist();
  }

  /** Synchronous write-then-rename: a void recorded is on disk before the answer leaves. */
  persist(): void {
    if (!this.ledgerFile) return;
    const temporary = `${this.ledgerFile}.tmp`;
    writeFileSync(temporary, JSON.stringify({ ledger: this.ledger, registry: this.registry }));
    renameSync(temporary, this.ledgerFile);
  }
}
