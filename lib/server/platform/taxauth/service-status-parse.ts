import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { SANTO_DOMINGO_OFFSET_MS } from "@/lib/domain/fecha";

/**
 * DGII's status service (https://statusecf.dgii.gov.do, Descripción Técnica de Facturación
 * Electrónica v1.5, "Estatus Servicios"), read tolerantly but never by guessing:
 *
 *   GET /api/estatusservicios/obtenerestatus →
 *     [{ "servicio": "Anulación Rangos", "estatus": "Disponible", "ambiente": "Produccion" }, …]
 *   GET /api/estatusservicios/obtenerventanasmantenimiento →
 *     { "ventanaMantenimientos": [{ "ambiente": "PreCertificacion", "horaInicio": "9:00 AM",
 *       "horaFin": "12:00 PM", "dias": ["06-08-2020", "20-08-2020"] }, …] }
 *
 * Keys are matched case-insensitively, names without accents, case or spaces ("Producción" is
 * "Produccion"); `status` is read like `estatus` (two public SDKs name it so). An estatus other than
 * "Disponible" / "No Disponible", an unknown ambiente, or a window whose hours or days cannot be read
 * is reported as a problem and decides nothing.
 */

/** DGII's `ambiente` → Anula's environment (VerificarEstado's 1/2/3 are not used here). */
const AMBIENTES: Record<string, Environment> = {
  precertificacion: "TesteCF",
  testecf: "TesteCF",
  certificacion: "CerteCF",
  certecf: "CerteCF",
  produccion: "eCF",
  ecf: "eCF",
};

/** "Anulación Rangos" (DGII's sample), normalized; "de" tolerated. */
const VOID_SERVICE_NAMES = new Set(["anulacionrangos", "anulacionderangos"]);
/** "Recepción" (e-CF) and "Recepción FC" (consumer-invoice summaries), normalized: where e-CF are sent. */
const RECEPTION_SERVICE_NAMES = new Set(["recepcion", "recepcionecf", "recepcionfc"]);

export type ServiceAvailability = "up" | "down";

export interface MaintenanceWindow {
  environment: Environment;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

export type StatusListResult =
  | {
      ok: true;
      /** Anulación Rangos per environment DGII listed (an environment not listed is unknown). */
      voidService: Partial<Record<Environment, ServiceAvailability>>;
      problems: string[];
    }
  | { ok: false; problem: string };

export type WindowsResult =
  | {
      ok: true;
      windows: MaintenanceWindow[];
      /** Environments with an entry that could not be read: their windows are not all known. */
      unreadable: Environment[];
      problems: string[];
    }
  | { ok: false; problem: string };

/** Accents, case, spaces and punctuation removed: "Anulación Rangos" → "anulacionrangos". */
export function normalizeName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export function environmentOfAmbiente(ambiente: unknown): Environment | undefined {
  return typeof ambiente === "string" ? AMBIENTES[normalizeName(ambiente)] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value of the first of `names` present, keys compared case-insensitively. */
function field(record: Record<string, unknown>, ...names: string[]): unknown {
  const wanted = names.map((name) => name.toLowerCase());
  for (const name of wanted) {
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    if (key !== undefined) return record[key];
  }
  return undefined;
}

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);

/** obtenerestatus: what DGII says of "Anulación Rangos" in each environment it lists. */
export function parseStatusList(body: unknown): StatusListResult {
  if (!Array.isArray(body)) return { ok: false, problem: "obtenerestatus did not answer a JSON array" };
  const voidService: Partial<Record<Environment, ServiceAvailability>> = {};
  const conflicting = new Set<Environment>();
  const problems: string[] = [];
  let voidEntries = 0;
  for (const entry of body) {
    if (!isRecord(entry)) {
      problems.push(`an entry is not an object: ${shown(entry)}`);
      continue;
    }
    const servicio = field(entry, "servicio");
    if (typeof servicio !== "string" || !VOID_SERVICE_NAMES.has(normalizeName(servicio))) continue;
    voidEntries += 1;
    const ambiente = field(entry, "ambiente");
    const environment = environmentOfAmbiente(ambiente);
    if (!environment) {
      problems.push(`Anulación Rangos with an unknown ambiente ${shown(ambiente)}`);
      continue;
    }
    const estatus = field(entry, "estatus", "status", "estado");
    const availability = availabilityOf(estatus);
    if (!availability) {
      problems.push(
        `Anulación Rangos (${shown(ambiente)}) has an estatus Anula does not know: ${shown(estatus)}`,
      );
      conflicting.add(environment);
      continue;
    }
    if (voidService[environment] !== undefined && voidService[environment] !== availability) {
      problems.push(`Anulación Rangos (${shown(ambiente)}) is listed both up and down`);
      conflicting.add(environment);
    }
    voidService[environment] = availability;
  }
  for (const environment of conflicting) delete voidService[environment];
  if (voidEntries === 0) problems.push("no entry for Anulación Rangos");
  return { ok: true, voidService, problems };
}

/**
 * obtenerestatus: Recepción and Recepción FC per environment listed, down if either is listed down,
 * up if all listed are up (an entry that cannot be read decides nothing; parseStatusList reports it).
 */
export function parseReceptionStatus(body: unknown): Partial<Record<Environment, ServiceAvailability>> {
  const reception: Partial<Record<Environment, ServiceAvailability>> = {};
  if (!Array.isArray(body)) return reception;
  for (const entry of body) {
    if (!isRecord(entry)) continue;
    const servicio = field(entry, "servicio");
    if (typeof servicio !== "string" || !RECEPTION_SERVICE_NAMES.has(normalizeName(servicio))) continue;
    const environment = environmentOfAmbiente(field(entry, "ambiente"));
    const availability = availabilityOf(field(entry, "estatus", "status", "estado"));
    if (!environment || !availability) continue;
    if (reception[environment] !== "down") reception[environment] = availability;
  }
  return reception;
}

function availabilityOf(estatus: unknown): ServiceAvailability | undefined {
  if (typeof estatus !== "string") return undefined;
  const name = normalizeName(estatus);
  if (name === "disponible") return "up";
  if (name === "nodisponible") return "down";
  return undefined;
}

/**
 * obtenerventanasmantenimiento: each listed day from horaInicio to horaFin, in Santo Domingo time
 * (DGII publishes local times without a zone); a horaFin not after horaInicio ends the next day.
 * A null or empty list means no window.
 */
export function parseMaintenanceWindows(body: unknown): WindowsResult {
  const list = Array.isArray(body) ? body : isRecord(body) ? windowList(body) : undefined;
  if (list === undefined) {
    return { ok: false, problem: "obtenerventanasmantenimiento did not answer a ventanaMantenimientos list" };
  }
  const windows: MaintenanceWindow[] = [];
  const unreadable = new Set<Environment>();
  const problems: string[] = [];
  for (const entry of list ?? []) {
    if (!isRecord(entry)) {
      problems.push(`a window is not an object: ${shown(entry)}`);
      continue;
    }
    const ambiente = field(entry, "ambiente");
    const environment = environmentOfAmbiente(ambiente);
    if (!environment) {
      problems.push(`a window with an unknown ambiente ${shown(ambiente)}`);
      continue;
    }
    const start = minutesOfDay(field(entry, "horaInicio"));
    const end = minutesOfDay(field(entry, "horaFin"));
    const dias = field(entry, "dias");
    const days = Array.isArray(dias) ? dias.map(calendarDay) : undefined;
    if (start === undefined || end === undefined || !days || days.some((day) => day === undefined)) {
      problems.push(`a window of ${shown(ambiente)} cannot be read: ${shown(entry)}`);
      unreadable.add(environment);
      continue;
    }
    for (const day of days as number[]) {
      const from = day + start * 60_000 - SANTO_DOMINGO_OFFSET_MS;
      let to = day + end * 60_000 - SANTO_DOMINGO_OFFSET_MS;
      if (to <= from) to += 86_400_000;
      windows.push({ environment, from, to });
    }
  }
  windows.sort((a, b) => a.from - b.from);
  return { ok: true, windows, unreadable: [...unreadable], problems };
}

/** The list under `ventanaMantenimientos` (any key starting "ventana"); null → empty; absent → undefined. */
function windowList(body: Record<string, unknown>): unknown[] | null | undefined {
  const key = Object.keys(body).find((candidate) => normalizeName(candidate).startsWith("ventana"));
  if (key === undefined) return undefined;
  const value = body[key];
  if (value === null) return null;
  return Array.isArray(value) ? value : undefined;
}

const TIME_12H = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i;
const TIME_24H = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** "9:00 AM", "12:00 PM", "1:30 p. m." or "13:30" → minutes after midnight. */
function minutesOfDay(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  const twelve = TIME_12H.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2]);
    if (hour < 1 || hour > 12 || minute > 59) return undefined;
    const pm = twelve[4]!.toLowerCase() === "p";
    return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
  }
  const twentyFour = TIME_24H.exec(text);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return undefined;
    return hour * 60 + minute;
  }
  return undefined;
}

const DAY_DMY = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/;
const DAY_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00(?:\.0+)?)?)?$/;

/** "06-08-2020" (DGII's dd-MM-yyyy), "06/08/2020" or "2020-08-06" → that day's midnight as UTC epoch ms. */
function calendarDay(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  const dmy = DAY_DMY.exec(text);
  const iso = dmy ? null : DAY_ISO.exec(text);
  const [year, month, day] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return undefined;
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return utc;
}
