import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { closeDb } from "@/lib/server/platform/db";
import { stopBackgroundWork } from "@/lib/server/platform/jobs/background-work";
import { inFlightCount, waitForInFlight } from "@/lib/server/platform/ops/in-flight";

import { activeRequestCount, startDraining, waitForIdle } from "./lifecycle";

export interface ShutdownOptions {
  /** Bound of the whole drain, from the signal to closing the database (requests, then sends). */
  timeoutMs: number;
  /**
   * How long the listener stays open after the signal, answering 503 (REST) and /readyz
   * shutting_down, before `closeListener` runs: load balancers keep routing for a few seconds.
   */
  drainDelayMs?: number;
  /** Stops accepting connections (Next's own signal handler, which closes its HTTP server). */
  closeListener?: () => void;
  closeDatabase?: () => Promise<void>;
  /** The owner of the sends in flight (the voids), for the sends the drain could not wait for. */
  sends?: AbandonedSends;
}

/** What the owner of the sends in flight does when the process stops before they are answered. */
export interface AbandonedSends {
  /** Stops renewing this instance's send leases. */
  stopKeeping(): void;
  /** Marks the sends still waiting INTERRUPTED: no answer can reach them after the process exits. */
  interrupt(): Promise<void>;
}

export interface ShutdownReport {
  requestsFinished: boolean;
  sendsFinished: boolean;
  /** Sends still waiting for the authority when the database closed: their records are INTERRUPTED. */
  sendsAbandoned: number;
  durationMs: number;
}

/**
 * Drains the process: new REST requests get 503 and /readyz says shutting_down while the listener
 * stays open for the drain delay (the load balancer sees it and stops routing here), then the
 * listener closes; requests already running finish and sends to the authority get the rest of the
 * bound to settle (their leases are still renewed meanwhile), then the database closes. A send still
 * unanswered is marked INTERRUPTED first: no answer can reach its record after this process exits.
 * The job queue stops taking jobs at the signal; running jobs finish within the same bound.
 * Nothing is half-written, because every completion is one UPDATE.
 */
export async function shutdown(options: ShutdownOptions): Promise<ShutdownReport> {
  const started = Date.now();
  const remaining = () => Math.max(0, options.timeoutMs - (Date.now() - started));
  startDraining();
  // The job queue takes no new job from here on (another instance will); a running one gets the bound.
  const jobsStopped = stopBackgroundWork(options.timeoutMs).catch((error: unknown) =>
    logger.error({ err: error }, "Shutdown: stopping the job queue failed"),
  );
  logger.info(
    {
      activeRequests: activeRequestCount(),
      sendsInFlight: inFlightCount(),
      timeoutMs: options.timeoutMs,
      drainDelayMs: options.drainDelayMs ?? 0,
    },
    "Shutdown: draining",
  );
  const drainDelay = Math.min(options.drainDelayMs ?? 0, options.timeoutMs);
  const listenerClosed = new Promise<void>((resolve) => {
    setTimeout(() => {
      options.closeListener?.();
      resolve();
    }, drainDelay);
  });
  const requestsFinished = await waitForIdle(remaining());
  const sendsFinished = await waitForInFlight(remaining());
  await listenerClosed;
  options.sends?.stopKeeping();
  const sendsAbandoned = inFlightCount();
  if (sendsAbandoned > 0 && options.sends) {
    await options.sends
      .interrupt()
      .catch((error: unknown) =>
        logger.error({ err: error }, "Shutdown: marking abandoned sends INTERRUPTED failed"),
      );
  }
  await jobsStopped;
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
 * handler (installed before ours unless NEXT_MANUAL_SIG_HANDLE is set) would close the HTTP server
 * at once, so it is taken off the signals and called after the drain delay instead; its
 * process.exit is held back until our drain has closed the database. SIGINT (Ctrl-C in a terminal)
 * skips the drain delay: no load balancer is waiting on a developer's terminal.
 */
export function registerGracefulShutdown(
  options: {
    timeoutMs?: number;
    drainDelayMs?: number;
    exit?: (code: number) => void;
    sends?: AbandonedSends;
  } = {},
): void {
  if (registered) return;
  registered = true;
  const config = loadConfig();
  const timeoutMs = options.timeoutMs ?? config.shutdownTimeoutMs;
  const drainDelayMs = options.drainDelayMs ?? config.shutdownDrainDelayMs;
  const realExit = options.exit ?? process.exit.bind(process);
  const nextHandlers = {
    SIGTERM: takeListeners("SIGTERM"),
    SIGINT: takeListeners("SIGINT"),
  };
  let handling = false;
  const onSignal = (signal: "SIGTERM" | "SIGINT") => {
    if (handling) return; // a second Ctrl-C, or SIGTERM after SIGINT: the drain is already running
    handling = true;
    let requestedCode: number | undefined;
    process.exit = ((code?: number | string | null) => {
      requestedCode = typeof code === "number" ? code : 0;
    }) as typeof process.exit;
    logger.info({ signal }, "Shutdown requested");
    const delay = signal === "SIGTERM" ? drainDelayMs : 0;
    // Last resort if something hangs past the bound (e.g. the database never closes).
    setTimeout(() => realExit(1), Math.max(timeoutMs, delay) + 10_000).unref();
    void shutdown({
      timeoutMs: Math.max(timeoutMs, delay),
      drainDelayMs: delay,
      sends: options.sends,
      closeListener: () => {
        for (const handler of nextHandlers[signal]) handler(signal);
      },
    }).finally(() => realExit(requestedCode ?? 0));
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

/** Removes and returns the signal's current listeners (Next's handler, when it installed one). */
function takeListeners(signal: "SIGTERM" | "SIGINT"): Array<(signal: NodeJS.Signals) => void> {
  const listeners = process.listeners(signal) as Array<(signal: NodeJS.Signals) => void>;
  for (const listener of listeners) process.removeListener(signal, listener);
  return listeners;
}
