import "server-only";

import { readEncf, MAX_NUM10, formatEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import { AppError, isAppError } from "@/lib/errors";
import { getDb } from "@/lib/server/platform/db";

import { dmyToIso, isoToDmy } from "./dates";

/** Types issued without an expiry date (DGII): consumer invoices and credit notes. */
export const TYPES_WITHOUT_EXPIRY: ReadonlySet<string> = new Set(["32", "34"]);

/** At most this many authorizations per company and environment (a list answers them all). */
export const MAX_AUTHORIZATIONS = 1_000;

/** An authorization as the API answers it. */
export interface SequenceAuthorizationView {
  id: string;
  serie: string;
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
  /** dd-MM-yyyy */
  fechaAutorizacion: string;
  /** dd-MM-yyyy, the last day its numbers may be used; null for types 32 and 34. */
  fechaVencimiento: string | null;
  nota: string | null;
  createdBy: string | null;
  createdAt: number;
}

/** The stored form the ledger computes with (numbers and ISO dates). */
export interface StoredAuthorization {
  id: string;
  serie: string;
  tipoeCF: string;
  desde: number;
  hasta: number;
  authorizedOn: string;
  expiresOn: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: number;
}

export function toAuthorizationView(row: StoredAuthorization): SequenceAuthorizationView {
  return {
    id: row.id,
    serie: row.serie,
    tipoeCF: row.tipoeCF,
    secuenciaDesde: formatEncf(row.serie, row.tipoeCF as EcfType, row.desde),
    secuenciaHasta: formatEncf(row.serie, row.tipoeCF as EcfType, row.hasta),
    cantidad: row.hasta - row.desde + 1,
    fechaAutorizacion: isoToDmy(row.authorizedOn),
    fechaVencimiento: row.expiresOn === null ? null : isoToDmy(row.expiresOn),
    nota: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

/** Every authorization of the company in the environment, by series, type and first number. */
export async function listStoredAuthorizations(
  accountId: string,
  environment: Environment,
): Promise<StoredAuthorization[]> {
  const db = await getDb();
  const rows = await db.sequenceAuthorization.findMany({
    where: { accountId, environment },
    orderBy: [{ serie: "asc" }, { tipoeCF: "asc" }, { desde: "asc" }],
    take: MAX_AUTHORIZATIONS,
  });
  return rows.map((row) => ({
    id: row.id,
    serie: row.serie,
    tipoeCF: row.tipoeCF,
    desde: Number(row.desde),
    hasta: Number(row.hasta),
    authorizedOn: row.authorizedOn,
    expiresOn: row.expiresOn,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: Number(row.createdAt),
  }));
}

export async function listAuthorizations(
  accountId: string,
  environment: Environment,
): Promise<{ authorizations: SequenceAuthorizationView[] }> {
  return {
    authorizations: (await listStoredAuthorizations(accountId, environment)).map(toAuthorizationView),
  };
}

export interface CreateAuthorizationInput {
  accountId: string;
  environment: Environment;
  /** The request body: { secuenciaDesde, secuenciaHasta, fechaAutorizacion, fechaVencimiento?, nota? }. */
  body: unknown;
  createdBy: string;
  now?: number;
}

interface FieldProblem {
  field: string;
  code: "VALIDATION_FAILED";
  message: string;
}

/**
 * Enters an authorization DGII granted: both ends as e-NCF of one series and type, the
 * authorization date (dd-MM-yyyy) and an optional expiry (default: 31 December of the following
 * year; none for types 32 and 34, where one given is refused). Overlapping an authorization of the
 * same series+type → 409 AUTHORIZATION_OVERLAP naming it. Every field problem is listed at once (400).
 */
export async function createAuthorization(
  input: CreateAuthorizationInput,
): Promise<SequenceAuthorizationView> {
  const fields = parseAuthorization(input.body);
  const db = await getDb();
  const now = input.now ?? Date.now();
  return db.$transaction(async (tx) => {
    await lockAuthorizations(tx, input.accountId, input.environment);
    return insertAuthorization(tx, input.accountId, input.environment, fields, input.createdBy, now);
  });
}

export type AuthorizationBatchResult =
  | { ok: true; created: SequenceAuthorizationView[] }
  /** The first refused entry (0-based) and why; nothing of the batch was entered. */
  | { ok: false; index: number; error: AppError };

/**
 * Enters several authorizations (a CSV) in one transaction, each checked as createAuthorization
 * checks it (against the stored ones and the batch's earlier entries): all or none.
 */
export async function createAuthorizations(input: {
  accountId: string;
  environment: Environment;
  bodies: readonly unknown[];
  createdBy: string;
  now?: number;
}): Promise<AuthorizationBatchResult> {
  const db = await getDb();
  const now = input.now ?? Date.now();
  let refused: { index: number; error: AppError } | undefined;
  try {
    const created = await db.$transaction(async (tx) => {
      await lockAuthorizations(tx, input.accountId, input.environment);
      const views: SequenceAuthorizationView[] = [];
      for (const [index, body] of input.bodies.entries()) {
        try {
          const fields = parseAuthorization(body);
          views.push(
            await insertAuthorization(tx, input.accountId, input.environment, fields, input.createdBy, now),
          );
        } catch (error) {
          if (isAppError(error) && error.status < 500) refused = { index, error };
          throw error; // rolls the whole batch back
        }
      }
      return views;
    });
    return { ok: true, created };
  } catch (error) {
    if (refused) return { ok: false, ...refused };
    throw error;
  }
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["$transaction"]>[0]>[0];

/** One writer per company and environment at a time, so two overlapping creates cannot both pass. */
async function lockAuthorizations(tx: Tx, accountId: string, environment: Environment): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`ledger-auth:${accountId}:${environment}`}))`;
}

interface AuthorizationFields {
  desde: NonNullable<ReturnType<typeof encfField>>;
  hasta: NonNullable<ReturnType<typeof encfField>>;
  authorizedOn: string;
  expiresOn: string | null;
  note: string | null;
}

/** The request body's fields, checked (every problem at once: 400 VALIDATION_FAILED). */
function parseAuthorization(input: unknown): AuthorizationFields {
  const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const problems: FieldProblem[] = [];
  const problem = (field: string, message: string) =>
    problems.push({ field, code: "VALIDATION_FAILED", message });
  const allowed = new Set([
    "secuenciaDesde",
    "secuenciaHasta",
    "fechaAutorizacion",
    "fechaVencimiento",
    "nota",
  ]);
  for (const key of Object.keys(body)) if (!allowed.has(key)) problem(key.slice(0, 64), "campo desconocido");

  const desde = encfField(body.secuenciaDesde, "secuenciaDesde", problem);
  const hasta = encfField(body.secuenciaHasta, "secuenciaHasta", problem);
  if (desde && hasta) {
    if (desde.serie !== hasta.serie)
      problem("secuenciaHasta", "secuenciaDesde y secuenciaHasta deben ser de la misma serie");
    else if (desde.tipo !== hasta.tipo)
      problem("secuenciaHasta", "secuenciaDesde y secuenciaHasta deben ser del mismo tipo de e-CF");
    else if (desde.secuencia > hasta.secuencia)
      problem("secuenciaHasta", "secuenciaHasta debe ser mayor o igual que secuenciaDesde");
  }
  const authorizedOn = typeof body.fechaAutorizacion === "string" ? dmyToIso(body.fechaAutorizacion) : null;
  if (!authorizedOn) problem("fechaAutorizacion", "fechaAutorizacion es obligatoria, en formato dd-MM-yyyy");
  const tipo = desde?.tipo;
  let expiresOn: string | null = null;
  if (body.fechaVencimiento !== undefined && body.fechaVencimiento !== null) {
    if (tipo && TYPES_WITHOUT_EXPIRY.has(tipo)) {
      problem("fechaVencimiento", `los e-CF tipo ${tipo} no tienen fecha de vencimiento`);
    } else {
      expiresOn = typeof body.fechaVencimiento === "string" ? dmyToIso(body.fechaVencimiento) : null;
      if (!expiresOn) problem("fechaVencimiento", "fechaVencimiento debe estar en formato dd-MM-yyyy");
      else if (authorizedOn && expiresOn < authorizedOn)
        problem("fechaVencimiento", "fechaVencimiento no puede ser anterior a fechaAutorizacion");
    }
  } else if (authorizedOn && tipo && !TYPES_WITHOUT_EXPIRY.has(tipo)) {
    expiresOn = `${Number(authorizedOn.slice(0, 4)) + 1}-12-31`;
  }
  let note: string | null = null;
  if (body.nota !== undefined && body.nota !== null) {
    if (typeof body.nota !== "string" || body.nota.length > 500)
      problem("nota", "nota debe ser un texto de hasta 500 caracteres");
    else note = body.nota.trim() || null;
  }
  if (problems.length > 0 || !desde || !hasta || !authorizedOn) {
    throw new AppError("VALIDATION_FAILED", problems[0]?.message ?? "Autorización no válida.", {
      errors: problems,
    });
  }
  return { desde, hasta, authorizedOn, expiresOn, note };
}

/** Inside the lock: the per-environment maximum, the overlap with a stored one (409), then the row. */
async function insertAuthorization(
  tx: Tx,
  accountId: string,
  environment: Environment,
  { desde, hasta, authorizedOn, expiresOn, note }: AuthorizationFields,
  createdBy: string,
  now: number,
): Promise<SequenceAuthorizationView> {
  const count = await tx.sequenceAuthorization.count({
    where: { accountId, environment },
  });
  if (count >= MAX_AUTHORIZATIONS) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Se alcanzó el máximo de ${MAX_AUTHORIZATIONS} autorizaciones por ambiente.`,
    );
  }
  const clash = await tx.sequenceAuthorization.findFirst({
    where: {
      accountId,
      environment,
      serie: desde.serie,
      tipoeCF: desde.tipo,
      desde: { lte: BigInt(hasta.secuencia) },
      hasta: { gte: BigInt(desde.secuencia) },
    },
  });
  if (clash) {
    const other = toAuthorizationView({
      ...clash,
      desde: Number(clash.desde),
      hasta: Number(clash.hasta),
      createdAt: Number(clash.createdAt),
    });
    throw new AppError(
      "AUTHORIZATION_OVERLAP",
      `El rango ${desde.value} – ${hasta.value} se solapa con la autorización ${other.id} ` +
        `(${other.secuenciaDesde} – ${other.secuenciaHasta}).`,
      { extra: { authorizationId: other.id } },
    );
  }
  const row = await tx.sequenceAuthorization.create({
    data: {
      accountId,
      environment,
      serie: desde.serie,
      tipoeCF: desde.tipo,
      desde: BigInt(desde.secuencia),
      hasta: BigInt(hasta.secuencia),
      authorizedOn,
      expiresOn,
      note,
      createdBy,
      createdAt: BigInt(now),
    },
  });
  return toAuthorizationView({
    ...row,
    desde: Number(row.desde),
    hasta: Number(row.hasta),
    createdAt: Number(row.createdAt),
  });
}

function encfField(value: unknown, field: string, problem: (field: string, message: string) => void) {
  if (typeof value !== "string" || value.trim() === "") {
    problem(field, `${field} es obligatorio (un e-NCF, p. ej. E310000000001)`);
    return undefined;
  }
  const parsed = readEncf(value.trim().toUpperCase());
  if (typeof parsed === "string" || parsed.secuencia > MAX_NUM10) {
    problem(field, `${field} no es un e-NCF válido (serie E–Z sin P, tipo de e-CF, 10 dígitos, no cero)`);
    return undefined;
  }
  return parsed;
}

/** Deletes one authorization of the company (404 AUTHORIZATION_NOT_FOUND otherwise, another company's included). */
export async function deleteAuthorization(
  accountId: string,
  environment: Environment,
  id: string,
): Promise<void> {
  const db = await getDb();
  const { count } = await db.sequenceAuthorization.deleteMany({ where: { id, accountId, environment } });
  if (count === 0)
    throw new AppError("AUTHORIZATION_NOT_FOUND", "No existe esa autorización en esta empresa y ambiente.");
}
