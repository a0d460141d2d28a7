import "server-only";

import { loadConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";
import { closeDb } from "@/lib/server/db";
import { inFlightCount, waitForInFlight } from "@/lib/server/voids/in-flight";

import { activeRequestCount, startDraining, waitForIdle } from "./lifecycle";

export interface ShutdownOptions {
  /** Bound of the whole drain (requests, then sends to the authority). */
  timeoutMs: number;
  closeDatabase?: () => Promise<void>;
}

export interface ShutdownReport {
  requestsFinished: boolean;
  sendsFinished: boolean;
  /** Sends still waiting for the authority when the database closed: their records stay Error. */
  sendsAbandoned: number;
  durationMs: number;
}

/**
 * Drains the process: new REST requests get 503 and /readyz says shutting_down (the load balancer
 * stops routing here), requests already running finish, sends to the authority get the rest of the
 * bound to settle, then the database closes. A send still unanswered stays recorded as Error
 * (write-ahead), which is the spec's state for "not confirmed": nothing is half-written, because
 * every completion is one UPDATE.
 */
export async function shutdown(options: ShutdownOptions): Promise<ShutdownReport> {
  const started = Date.now();
  const remaining = () => Math.max(0, options.timeoutMs - (Date.now() - started));
  startDraining();
  logger.info(
    { activeRequests: activeRequestCount(), sendsInFlight: inFlightCount(), timeoutMs: options.timeoutMs },
    "Shutdown: draining",
  );
  const requestsFinished = await waitForIdle(remaining());
  const sendsFinished = await waitForInFlight(remaining());
  const sendsAbandoned = inFlightCount();
  try {
    await (options.closeDatabase ?? closeDb)();
  } catch (error) {
    logger.error({ err: error }, "Shutdown: closing the database failed");
  }
  const report = { requestsFinished, sendsFinished, sendsAbandoned, durationMs: Date.now() - started };
  logger.info(report, "Shutdown: done");
  return report;
}

let registered = false;

/**
 * Installs the SIGTERM/SIGINT handler (once per process; called from startRuntime). Next's own
 * handler (unless NEXT_MANUAL_SIG_HANDLE is set) closes the HTTP server, waits for its open requests
 * and then calls process.exit: that exit is held back until our drain has closed the database.
 */
export function registerGracefulShutdown(
  options: { timeoutMs?: number; exit?: (code: number) => void } = {},
): void {
  if (registered) return;
  registered = true;
  const timeoutMs = options.timeoutMs ?? loadConfig().shutdownTimeoutMs;
  const realExit = options.exit ?? process.exit.bind(process);
  const onSignal = (signal: NodeJS.Signals) => {
    let requestedCode: number | undefined;
    process.exit = ((code?: number | string | null) => {
      requestedCode = typeof code === "number" ? code : 0;
    }) as typeof process.exit;
    logger.info({ signal }, "Shutdown requested");
    // Last resort if something hangs past the bound (e.g. the database never closes).
    setTimeout(() => realExit(1), timeoutMs + 10_000).unref();
    void shutdown({ timeoutMs }).finally(() => realExit(requestedCode ?? 0));
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
