import "server-only";

import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

import { ENVIRONMENTS, isEnvironment, type Environment } from "@/lib/domain/environments";
import { SANTO_DOMINGO_OFFSET_MS } from "@/lib/domain/fecha";
import { jsonReply, type Reply } from "./reply";

/**
 * DGII's status service (statusecf.dgii.gov.do), as its Descripción Técnica v1.5 shows it: one host
 * for every environment, `Authorization: Apikey <key>`, three GET resources under
 * /api/estatusservicios. The simulator serves them at its root, beside /testecf, /certecf, /ecf.
 */
export const STATUS_ROOT = "/api/estatusservicios";

/** The services obtenerestatus lists, in DGII's sample order. */
export const DGII_STATUS_SERVICES = [
  "Autenticación",
  "Recepción",
  "Consulta Resultado",
  "Consulta Estado",
  "Consulta Directorio",
  "Consulta TrackIds",
  "Aprobación Comercial",
  "Anulación Rangos",
  "Recepción FC",
] as const;

/** DGII's `ambiente` names. */
export const DGII_AMBIENTE: Record<Environment, string> = {
  TesteCF: "PreCertificacion",
  CerteCF: "Certificacion",
  eCF: "Produccion",
};

/** verificarestado's `ambiente` parameter: 1 PreCertificacion, 2 Producción, 3 Certificación. */
const VERIFICAR_AMBIENTE: Record<string, Environment> = { "1": "TesteCF", "2": "eCF", "3": "CerteCF" };

export const STATUS_ENDPOINTS = [
  "obtenerestatus",
  "obtenerventanasmantenimiento",
  "verificarestado",
] as const;
export type StatusEndpoint = (typeof STATUS_ENDPOINTS)[number];

export interface ServiceStatusInput {
  environment: Environment;
  /** One of DGII_STATUS_SERVICES; default "Anulación Rangos". */
  service?: string;
  /** "Disponible", "No Disponible", or any other text (to see how a client copes with it). */
  estatus: string;
}

export interface MaintenanceWindowInput {
  environment: Environment;
  /** ISO 8601 or epoch ms; rounded down to the minute (DGII's hours have minutes only). */
  from: string | number;
  /** ISO 8601 or epoch ms; rounded up to the minute; at most 24 hours after `from`. */
  to: string | number;
}

export interface StatusAnswerInput {
  endpoint: StatusEndpoint;
  /** HTTP status (default 200). */
  status?: number;
  body: string;
  contentType?: string;
}

export interface StatusCall {
  endpoint: StatusEndpoint;
  status: number;
  at: number;
}

/** The controls of the status service; part of `simulator.admin` (admin.ts). */
export interface ServiceStatusAdmin {
  /** Sets one service's estatus in one environment (every service starts "Disponible"). */
  setServiceStatus(input: ServiceStatusInput): void;
  /** Announces a maintenance window: listed by obtenerventanasmantenimiento in DGII's shape. */
  addMaintenanceWindow(input: MaintenanceWindowInput): { from: number; to: number };
  /** Replaces one endpoint's answer with this raw one (a shape or failure DGII might produce). */
  setStatusAnswer(input: StatusAnswerInput): void;
  /** Every service "Disponible" again, no windows, no raw answers. */
  clearServiceStatus(): void;
  /** The last 500 calls of the status service. */
  statusCalls(): StatusCall[];
}

const DAY_MS = 86_400_000;

/** What the simulated status service answers, and who asked. */
export class ServiceStatusBoard implements ServiceStatusAdmin {
  private estatus = new Map<string, string>();
  private windows: Array<{ environment: Environment; from: number; to: number }> = [];
  private answers = new Map<StatusEndpoint, Reply>();
  private calls: StatusCall[] = [];
  /** The key callers must send; unset: any non-empty key (`npm run simulator`). */
  private apiKey?: string;

  requireApiKey(apiKey: string | undefined): void {
    this.apiKey = apiKey;
  }

  reset(): void {
    this.clearServiceStatus();
    this.calls = [];
  }

  setServiceStatus({ environment, service = "Anulación Rangos", estatus }: ServiceStatusInput): void {
    checkEnvironment(environment);
    if (!(DGII_STATUS_SERVICES as readonly string[]).includes(service)) {
      throw new Error(`Unknown service ${service}; one of ${DGII_STATUS_SERVICES.join(", ")}`);
    }
    if (typeof estatus !== "string" || estatus.trim() === "") throw new Error("estatus must be a text");
    this.estatus.set(`${environment}|${service}`, estatus);
  }

  addMaintenanceWindow({ environment, from, to }: MaintenanceWindowInput): { from: number; to: number } {
    checkEnvironment(environment);
    const start = Math.floor(instant(from, "from") / 60_000) * 60_000;
    const end = Math.ceil(instant(to, "to") / 60_000) * 60_000;
    if (end <= start) throw new Error("to must be after from");
    if (end - start > DAY_MS) throw new Error("a window lasts at most 24 hours (one day and its hours)");
    this.windows.push({ environment, from: start, to: end });
    return { from: start, to: end };
  }

  setStatusAnswer({ endpoint, status = 200, body, contentType }: StatusAnswerInput): void {
    if (!STATUS_ENDPOINTS.includes(endpoint)) {
      throw new Error(`Unknown endpoint ${String(endpoint)}; one of ${STATUS_ENDPOINTS.join(", ")}`);
    }
    if (typeof body !== "string") throw new Error("body must be a text");
    this.answers.set(endpoint, {
      status,
      body,
      contentType: contentType ?? "application/json; charset=utf-8",
    });
  }

  clearServiceStatus(): void {
    this.estatus.clear();
    this.windows = [];
    this.answers.clear();
  }

  statusCalls(): StatusCall[] {
    return this.calls.slice();
  }

  /** The reply for a status path (paths already lower-cased), or undefined for any other path. */
  handle(method: string, path: string, url: URL, request: IncomingMessage): Reply | undefined {
    if (!path.startsWith(`${STATUS_ROOT}/`)) return undefined;
    const endpoint = path.slice(STATUS_ROOT.length + 1) as StatusEndpoint;
    if (!STATUS_ENDPOINTS.includes(endpoint)) return { status: 404, body: "" };
    const reply = this.answer(method, endpoint, url, request);
    this.calls.push({ endpoint, status: reply.status, at: Date.now() });
    if (this.calls.length > 500) this.calls.splice(0, this.calls.length - 500);
    return reply;
  }

  private answer(method: string, endpoint: StatusEndpoint, url: URL, request: IncomingMessage): Reply {
    if (method !== "GET") return { status: 405, body: "" };
    // DGII answers a missing or wrong key with 401 and an empty body (checked 2026-09).
    if (!this.authorized(request.headers.authorization)) return { status: 401, body: "" };
    const raw = this.answers.get(endpoint);
    if (raw) return raw;
    if (endpoint === "obtenerestatus") return jsonReply(200, this.statusList());
    if (endpoint === "obtenerventanasmantenimiento") {
      return jsonReply(200, { ventanaMantenimientos: this.windows.map(dgiiWindow) });
    }
    const environment = VERIFICAR_AMBIENTE[url.searchParams.get("ambiente") ?? ""];
    if (!environment) return jsonReply(400, { title: "ambiente must be 1, 2 or 3" });
    const now = Date.now();
    const inWindow = this.windows.some((w) => w.environment === environment && w.from <= now && now < w.to);
    return jsonReply(200, { estado: inWindow ? "No Disponible" : "Disponible" });
  }

  private statusList(): Array<{ servicio: string; estatus: string; ambiente: string }> {
    return ENVIRONMENTS.flatMap((environment) =>
      DGII_STATUS_SERVICES.map((servicio) => ({
        servicio,
        estatus: this.estatus.get(`${environment}|${servicio}`) ?? "Disponible",
        ambiente: DGII_AMBIENTE[environment],
      })),
    );
  }

  private authorized(header: string | undefined): boolean {
    const given = /^apikey\s+(\S.*)$/i.exec(header ?? "")?.[1]?.trim();
    if (!given) return false;
    if (this.apiKey === undefined) return true;
    const expected = Buffer.from(this.apiKey);
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

/** One window in DGII's shape: its Santo Domingo day, and hours as "9:00 AM" (the end may be the next day). */
function dgiiWindow(window: { environment: Environment; from: number; to: number }) {
  const start = new Date(window.from + SANTO_DOMINGO_OFFSET_MS);
  const day = `${pad2(start.getUTCDate())}-${pad2(start.getUTCMonth() + 1)}-${start.getUTCFullYear()}`;
  return {
    ambiente: DGII_AMBIENTE[window.environment],
    horaInicio: hour12(window.from),
    horaFin: hour12(window.to),
    dias: [day],
  };
}

function hour12(epochMs: number): string {
  const local = new Date(epochMs + SANTO_DOMINGO_OFFSET_MS);
  const hour = local.getUTCHours();
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(local.getUTCMinutes())} ${hour < 12 ? "AM" : "PM"}`;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

function instant(value: string | number, name: string): number {
  const epoch = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(epoch)) throw new Error(`${name} must be an ISO date-time or epoch milliseconds`);
  return epoch;
}

function checkEnvironment(environment: string): Environment {
  if (!isEnvironment(environment)) throw new Error(`Unknown environment ${environment}`);
  return environment;
}

/** `/admin/…` routes of the status service (admin.ts hands them over), or undefined for another route. */
export function handleStatusAdminRequest(
  admin: ServiceStatusAdmin,
  route: string,
  input: Record<string, unknown>,
): Reply | undefined {
  switch (route) {
    case "POST /admin/service-status":
      admin.setServiceStatus(input as unknown as ServiceStatusInput);
      return jsonReply(200, { ok: true });
    case "DELETE /admin/service-status":
      admin.clearServiceStatus();
      return jsonReply(200, { ok: true });
    case "POST /admin/maintenance-windows":
      return jsonReply(200, {
        ok: true,
        window: admin.addMaintenanceWindow(input as unknown as MaintenanceWindowInput),
      });
    case "POST /admin/status-answers":
      admin.setStatusAnswer(input as unknown as StatusAnswerInput);
      return jsonReply(200, { ok: true });
    case "GET /admin/status-calls":
      return jsonReply(200, { calls: admin.statusCalls() });
    default:
      return undefined;
  }
}

/** `simulator.admin`'s status controls, delegating to the board. */
export function statusAdminOf(board: ServiceStatusBoard): ServiceStatusAdmin {
  return {
    setServiceStatus: (input) => board.setServiceStatus(input),
    addMaintenanceWindow: (input) => board.addMaintenanceWindow(input),
    setStatusAnswer: (input) => board.setStatusAnswer(input),
    clearServiceStatus: () => board.clearServiceStatus(),
    statusCalls: () => board.statusCalls(),
  };
}
