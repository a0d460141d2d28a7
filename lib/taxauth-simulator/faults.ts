import "server-only";

import { DIALECTS, isDialect, type Dialect } from "./dialects";

/** The simulated DGII services; faults and call counts are kept per service. */
export const SERVICES = [
  "semilla",
  "validarsemilla",
  "anularrango",
  "consultaresultado",
  "consultatrackids",
  "consultarfce",
  "consultaestado",
  "recepcion",
  "recepcionfc",
] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * - delay: answer normally after `delayMs`.
 * - hang: never answer (until the client gives up or the simulator closes).
 * - drop-before: cut the connection before doing anything.
 * - drop-after: do the work (a void IS recorded), then cut the connection instead of answering.
 * - status: answer `status` (500/502/503/401/...) with a typical body for it.
 * - malformed-json: 200 with a truncated JSON body.
 * - html: 200 with an HTML page (a proxy or WAF page instead of the service).
 * - success1, success15, xml, partial: not faults but DGII's dialects (dialects.ts), for the next
 *   `count` calls of anularrango only, whatever the simulator's own dialect is.
 * - no-verdict: recepcion only: the trackId is answered, and the e-CF stays En Proceso for good.
 */
export const FAULT_MODES = [
  "delay",
  "hang",
  "drop-before",
  "drop-after",
  "status",
  "malformed-json",
  "html",
  "no-verdict",
  ...DIALECTS,
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultSpec {
  service: ServiceName;
  mode: FaultMode;
  /** How many of the next calls of the service get this fault (default 1). */
  count?: number;
  delayMs?: number;
  status?: number;
}

export type Fault = Required<Pick<FaultSpec, "mode">> & Omit<FaultSpec, "service" | "count">;

/** The dialect a fault imposes on its call, if it is a dialect mode. */
export function dialectOfFault(fault: Fault | undefined): Dialect | undefined {
  return isDialect(fault?.mode) ? fault.mode : undefined;
}

/** A queue of faults per service: each call of a service takes the next one, in injection order. */
export class FaultInjector {
  private queues = new Map<ServiceName, Array<{ fault: Fault; remaining: number }>>();

  inject(spec: FaultSpec): void {
    if (!SERVICES.includes(spec.service)) throw new Error(`Unknown service ${String(spec.service)}`);
    if (!FAULT_MODES.includes(spec.mode)) throw new Error(`Unknown fault mode ${String(spec.mode)}`);
    const { service, count = 1, ...fault } = spec;
    const queue = this.queues.get(service) ?? [];
    queue.push({ fault, remaining: Math.max(1, count) });
    this.queues.set(service, queue);
  }

  take(service: ServiceName): Fault | undefined {
    const queue = this.queues.get(service);
    const head = queue?.[0];
    if (!queue || !head) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) queue.shift();
    return head.fault;
  }

  clear(): void {
    this.queues.clear();
  }

  pending(): Record<string, number> {
    return Object.fromEntries(
      [...this.queues.entries()].map(([service, queue]) => [
        service,
        queue.reduce((sum, entry) => sum + entry.remaining, 0),
      ]),
    );
  }
}
