import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { VoidServiceStatus } from "@/lib/domain/void-service-status";
import { loadConfig, type TaxAuthSettings } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";

import { embeddedSimulatorUrl } from "./client-instance";
import { DEFAULT_SIMULATOR_URL } from "./config";
import { describeBody } from "./response-body";
import {
  parseMaintenanceWindows,
  parseReceptionStatus,
  parseStatusList,
  type MaintenanceWindow,
  type ServiceAvailability,
} from "./service-status-parse";
import { HttpTransport, type HttpAnswer } from "./transport";

/** DGII's status service: one host for every environment (the path carries no environment). */
export const DGII_STATUS_HOST = "https://statusecf.dgii.gov.do";
export const STATUS_PATH = "/api/estatusservicios/obtenerestatus";
export const WINDOWS_PATH = "/api/estatusservicios/obtenerventanasmantenimiento";

/** An up/down answer older than this many intervals says nothing any more (the status is unknown). */
const STATUS_MAX_AGE_INTERVALS = 5;

export interface ServiceStatusOptions {
  /** The status service's root, e.g. https://statusecf.dgii.gov.do (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  intervalMs: number;
  timeoutMs: number;
}

type Fetch = (url: string, headers: Record<string, string>) => Promise<HttpAnswer>;

/**
 * DGII's status of "Anulación Rangos", cached per process: both endpoints are asked at most once an
 * interval (when a void or a page needs it, never in the background), and each keeps its last good
 * answer when a later one fails or cannot be read. Maintenance windows are dated, so they stay
 * usable; an up/down answer expires after STATUS_MAX_AGE_INTERVALS intervals. With several
 * instances each asks on its own — at most one request pair per instance and interval.
 */
export class ServiceStatusMonitor {
  private status?: {
    voidService: Partial<Record<Environment, ServiceAvailability>>;
    receptionService: Partial<Record<Environment, ServiceAvailability>>;
    at: number;
  };
  private windows?: { list: MaintenanceWindow[]; at: number };
  private lastAttemptAt?: number;
  private refreshing?: Promise<void>;
  private readonly transport: HttpTransport;
  private readonly fetch: Fetch;

  constructor(
    readonly options: ServiceStatusOptions,
    fetch?: Fetch,
    private readonly clock: () => number = Date.now,
  ) {
    this.transport = new HttpTransport({
      connectTimeoutMs: options.timeoutMs,
      responseTimeoutMs: options.timeoutMs,
    });
    this.fetch =
      fetch ?? ((url, headers) => this.transport.request(url, { method: "GET", headers, idempotent: true }));
  }

  /**
   * Asks DGII again when the last attempt is an interval old. Waits for that answer only when no
   * usable up/down answer is known (the first void after a start, or after a long failure), so at
   * most one request an interval pays the status service's latency, bounded by its timeout.
   */
  async ensureFresh(now = this.clock()): Promise<void> {
    if (this.lastAttemptAt === undefined || now - this.lastAttemptAt >= this.options.intervalMs) {
      this.lastAttemptAt = now;
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = undefined;
      });
    }
    if (this.refreshing && !this.statusUsable(now)) await this.refreshing;
  }

  /** The cached answer for one environment at `now` (no request). */
  voidServiceStatus(environment: Environment, now = this.clock()): VoidServiceStatus {
    return this.serviceStatus("voidService", environment, now);
  }

  /** DGII's reception of e-CF (Recepción, Recepción FC) in one environment at `now`, from the cache. */
  receptionServiceStatus(environment: Environment, now = this.clock()): VoidServiceStatus {
    return this.serviceStatus("receptionService", environment, now);
  }

  private serviceStatus(
    service: "voidService" | "receptionService",
    environment: Environment,
    now: number,
  ): VoidServiceStatus {
    const active = (this.windows?.list ?? []).filter(
      (window) => window.environment === environment && window.from <= now && now < window.to,
    );
    if (active.length > 0) {
      const from = Math.min(...active.map((window) => window.from));
      const to = Math.max(...active.map((window) => window.to));
      return { state: "maintenance", window: { from, to }, checkedAt: this.windows!.at };
    }
    const availability = this.statusUsable(now) ? this.status![service][environment] : undefined;
    if (availability) return { state: availability, checkedAt: this.status!.at };
    return {
      state: "unknown",
      checkedAt: Math.max(this.status?.at ?? 0, this.windows?.at ?? 0) || null,
    };
  }

  /** Both endpoints once, concurrently; each failure is logged and keeps that endpoint's last answer. */
  async refresh(): Promise<void> {
    await Promise.all([this.refreshStatus(), this.refreshWindows()]);
  }

  close(): void {
    this.transport.close();
  }

  private statusUsable(now: number): boolean {
    return (
      this.status !== undefined && now - this.status.at < STATUS_MAX_AGE_INTERVALS * this.options.intervalMs
    );
  }

  private async refreshStatus(): Promise<void> {
    const body = await this.get(STATUS_PATH);
    if (body === undefined) return;
    const parsed = parseStatusList(body);
    if (!parsed.ok) return this.warn(STATUS_PATH, parsed.problem);
    if (parsed.problems.length > 0) this.warn(STATUS_PATH, parsed.problems.join("; "));
    this.status = {
      voidService: parsed.voidService,
      receptionService: parseReceptionStatus(body),
      at: this.clock(),
    };
  }

  private async refreshWindows(): Promise<void> {
    const body = await this.get(WINDOWS_PATH);
    if (body === undefined) return;
    const parsed = parseMaintenanceWindows(body);
    if (!parsed.ok) return this.warn(WINDOWS_PATH, parsed.problem);
    if (parsed.problems.length > 0) this.warn(WINDOWS_PATH, parsed.problems.join("; "));
    // An unreadable entry of an environment keeps that environment's last known windows.
    const kept = (this.windows?.list ?? []).filter((window) =>
      parsed.unreadable.includes(window.environment),
    );
    this.windows = { list: [...parsed.windows, ...kept], at: this.clock() };
  }

  /** The JSON of one endpoint, or undefined (logged) when it did not answer 200 with JSON. */
  private async get(path: string): Promise<unknown> {
    let answer: HttpAnswer;
    try {
      answer = await this.fetch(`${this.options.baseUrl}${path}`, {
        Authorization: `Apikey ${this.options.apiKey}`,
        Accept: "application/json",
      });
    } catch (error) {
      this.warn(path, error instanceof Error ? error.message : String(error));
      return undefined;
    }
    if (answer.status !== 200) {
      const reason =
        answer.status === 401 || answer.status === 403
          ? `HTTP ${answer.status}: DGII refused TAXAUTH_STATUS_API_KEY`
          : describeBody(answer.status, answer.body, answer.contentType);
      this.warn(path, reason);
      return undefined;
    }
    try {
      return JSON.parse(answer.body) as unknown;
    } catch {
      this.warn(path, `not JSON: ${describeBody(answer.status, answer.body, answer.contentType)}`);
      return undefined;
    }
  }

  private warn(path: string, problem: string): void {
    logger.warn(
      { statusUrl: `${this.options.baseUrl}${path}`, problem },
      "DGII service status unknown: the last good answer stays in use (no banner, no refusal from it)",
    );
  }
}

/** The status service's root for these settings: TAXAUTH_STATUS_URL, DGII's host, or the simulator's. */
export function statusBaseUrlOf(settings: TaxAuthSettings, simulatorUrl?: string): string | null {
  if (!settings.status) return null;
  const root =
    settings.status.url ??
    (settings.mode === "dgii"
      ? DGII_STATUS_HOST
      : (simulatorUrl ?? settings.simulatorUrl ?? DEFAULT_SIMULATOR_URL));
  return root.replace(/\/+$/, "");
}

/** On globalThis for the same reason as the DGII client (client-instance.ts): one cache per process. */
interface MonitorState {
  monitor?: ServiceStatusMonitor;
  /** The settings the monitor was built from: other settings (tests) build a new one. */
  builtFrom?: string;
}
const holder = globalThis as typeof globalThis & { __anulaServiceStatus?: MonitorState };
const state: MonitorState = (holder.__anulaServiceStatus ??= {});

/** The process's monitor, or null without TAXAUTH_STATUS_API_KEY (the feature is off). */
export function getServiceStatusMonitor(): ServiceStatusMonitor | null {
  const settings = loadConfig().taxAuth;
  const baseUrl = statusBaseUrlOf(settings, embeddedSimulatorUrl());
  if (!settings.status || !baseUrl) return null;
  const options: ServiceStatusOptions = {
    baseUrl,
    apiKey: settings.status.apiKey,
    intervalMs: settings.status.intervalMs,
    timeoutMs: settings.status.timeoutMs,
  };
  const builtFrom = JSON.stringify(options);
  if (state.builtFrom !== builtFrom) {
    state.monitor?.close();
    state.monitor = new ServiceStatusMonitor(options);
    state.builtFrom = builtFrom;
  }
  return state.monitor!;
}

/** Tests: forgets the cached answers (the next call builds a fresh monitor). */
export function resetServiceStatusForTests(): void {
  state.monitor?.close();
  state.monitor = undefined;
  state.builtFrom = undefined;
}

/**
 * DGII's status of "Anulación Rangos" in `environment` now, from the cache (asking DGII first when
 * the cache is an interval old), or null when no key is configured.
 */
export async function currentVoidServiceStatus(
  environment: Environment,
  now = Date.now(),
): Promise<VoidServiceStatus | null> {
  return currentStatus("void", environment, now);
}

/**
 * DGII's reception of e-CF in `environment` now ("down" or "maintenance": the company cannot send),
 * from the same cache, or null when no key is configured.
 */
export async function currentReceptionServiceStatus(
  environment: Environment,
  now = Date.now(),
): Promise<VoidServiceStatus | null> {
  return currentStatus("reception", environment, now);
}

async function currentStatus(
  service: "void" | "reception",
  environment: Environment,
  now: number,
): Promise<VoidServiceStatus | null> {
  const monitor = getServiceStatusMonitor();
  if (!monitor) return null;
  await monitor.ensureFresh(now);
  return service === "void"
    ? monitor.voidServiceStatus(environment, now)
    : monitor.receptionServiceStatus(environment, now);
}
