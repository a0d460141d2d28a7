import "server-only";
import { v7 as uuidv7 } from "uuid";
import { buildAnecfXml } from "@/lib/domain/anecf-xml";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import { AppError } from "@/lib/errors";
import { parseVoidNcfRequest } from "@/lib/schemas/void-ncf";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { isUniqueViolation } from "@/lib/server/db";
import { logger } from "@/lib/server/config/logger";
import { annotateRequest, currentRequestId } from "@/lib/server/http/request-context";
import { signBuiltXml, type SigningCredential } from "@/lib/server/signing";
import type { VoidOutcome } from "@/lib/server/taxauth";
import { getTaxAuthClient, voidDeadlineMs } from "./void-deps";
import { trackInFlight } from "./in-flight";
import { requestHash } from "./request-hash";
import {
  completeVoid,
  findAcceptedOverlap,
  findVoidByIdempotencyKey,
  insertWriteAhead,
  type VoidCompletion,
} from "./void-repository";
import { voidOutcomeResponse, type VoidRecordView } from "./void-views";

export interface CreateVoidInput {
  accountId: string;
  rnc: string;
  environment: Environment;
  body: unknown;
  /** Who sent it, e.g. "user:ana@empresa.do (token)" or "(portal)". */
  createdBy: string;
  idempotencyKey?: string;
  locale?: Locale;
}

export interface VoidHttpResult {
  status: number;
  body: Record<string, unknown>;
}

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * POST void-ncf, DESIGN.md's "Void flow": validate (nothing else happens on a 400), certificate,
 * build + sign (nothing stored on failure), write ahead as Error, then authenticate and send. The
 * answer decides Aceptado (200) / Rechazado (422); no answer by the deadline is a 502 with the
 * voidId while the send goes on in the background and a late answer still updates the record.
 */
export async function createVoid(input: CreateVoidInput): Promise<VoidHttpResult> {
  const started = performance.now();
  annotateRequest({ rnc: input.rnc, environment: input.environment });
  const ranges = (input.body as { ranges?: unknown } | null)?.ranges;
  if (Array.isArray(ranges) && ranges.length > LARGE_PLAN_RANGES) await yieldToOtherRequests(); // after JSON.parse
  const plan = parseVoidNcfRequest(input.body, { locale: input.locale });
  const hash = input.idempotencyKey !== undefined ? checkedHash(input.idempotencyKey, input.body) : undefined;
  if (input.idempotencyKey !== undefined) {
    const replay = await replayIdempotent(input, input.idempotencyKey, hash!);
    if (replay) return logOutcome(input, started, replay, true);
  }
  const overlap = await findAcceptedOverlap(input.accountId, input.environment, plan.ranges);
  if (overlap) {
    throw new AppError(
      "ALREADY_VOIDED",
      `Línea ${overlap.range.line}: el rango ${overlap.range.secuenciaDesde} – ${overlap.range.secuenciaHasta} ` +
        `ya fue anulado (aceptado por la DGII) en la anulación ${overlap.voidId}.`,
      { extra: { voidId: overlap.voidId, line: overlap.range.line } },
    );
  }
  const credential = await getActiveSigningCredential(input.accountId);
  const voidId = uuidv7();
  const fileName = `${input.rnc}ANECF${voidId}.xml`;
  const signedXml = await sign(input.rnc, plan, credential);

  let record: VoidRecordView;
  try {
    record = await insertWriteAhead({
      voidId,
      accountId: input.accountId,
      rnc: input.rnc,
      environment: input.environment,
      plan,
      fileName,
      signedXml,
      createdBy: input.createdBy,
      idempotencyKey: input.idempotencyKey,
      requestHash: hash,
      now: Date.now(),
    });
  } catch (error) {
    // Two requests with one Idempotency-Key at once: the unique index let one through.
    if (input.idempotencyKey !== undefined && isUniqueViolation(error)) {
      const replay = await replayIdempotent(input, input.idempotencyKey, hash!);
      if (replay) return logOutcome(input, started, replay, true);
    }
    throw error;
  }
  return logOutcome(input, started, await send(record, plan, signedXml, credential), false);
}

/**
 * One log line per void outcome (and the request's own line gets the voidId): identifiers and the
 * outcome only, never the body, the XML, the token or the certificate.
 */
function logOutcome(
  input: CreateVoidInput,
  started: number,
  result: VoidHttpResult,
  replayed: boolean,
): VoidHttpResult {
  const voidId = typeof result.body.voidId === "string" ? result.body.voidId : undefined;
  const status = typeof result.body.status === "string" ? result.body.status : undefined;
  annotateRequest({ voidId, voidStatus: status });
  logger.info(
    {
      requestId: currentRequestId(),
      rnc: input.rnc,
      environment: input.environment,
      voidId,
      status,
      httpStatus: result.status,
      totalVoided: result.body.totalVoided,
      replayed,
      durationMs: Math.round(performance.now() - started),
    },
    "void",
  );
  return result;
}

function checkedHash(idempotencyKey: string, body: unknown): string {
  if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new AppError(
      "INVALID_PARAMETER",
      "Idempotency-Key debe tener de 1 a 255 caracteres visibles ASCII.",
      {
        extra: { parameter: "Idempotency-Key" },
      },
    );
  }
  return requestHash(body);
}

async function replayIdempotent(
  input: CreateVoidInput,
  idempotencyKey: string,
  hash: string,
): Promise<VoidHttpResult | null> {
  const existing = await findVoidByIdempotencyKey(input.accountId, input.environment, idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      `El Idempotency-Key ya se usó con otro cuerpo (anulación ${existing.voidId}); use una clave nueva para otra solicitud.`,
      { extra: { voidId: existing.voidId } },
    );
  }
  return voidOutcomeResponse(existing);
}

/** Plans above this many ranges give other requests a turn between the CPU-heavy steps. */
const LARGE_PLAN_RANGES = 2_000;

/**
 * Lets pending I/O callbacks (other requests) run: a 100,000-range void spends ~40 ms validating,
 * ~30 ms building and ~40 ms signing, and back to back that froze the server for ~150 ms.
 */
const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

async function sign(rnc: string, plan: VoidPlan, credential: SigningCredential): Promise<string> {
  try {
    const large = plan.ranges.length > LARGE_PLAN_RANGES;
    if (large) await yieldToOtherRequests();
    const xml = buildAnecfXml({ rncEmisor: rnc, plan });
    if (large) await yieldToOtherRequests();
    return signBuiltXml(xml, credential);
  } catch (error) {
    throw new AppError("SIGN_ERROR", "No se pudo firmar el documento de anulación; no se envió nada.", {
      cause: error,
    });
  }
}

function completionOf(outcome: VoidOutcome): VoidCompletion {
  if (outcome.kind === "accepted" || outcome.kind === "rejected") {
    return {
      status: outcome.kind === "accepted" ? "Aceptado" : "Rechazado",
      codigo: outcome.response.codigo,
      nombre: outcome.response.nombre,
      mensajes: outcome.response.mensajes,
    };
  }
  return {
    status: "Error",
    errorCode: outcome.stage === "auth" ? "TAXAUTH_AUTH_ERROR" : "TAXAUTH_VOID_ERROR",
    errorMessage: outcome.reason,
  };
}

async function send(
  record: VoidRecordView,
  plan: VoidPlan,
  signedXml: string,
  credential: SigningCredential,
): Promise<VoidHttpResult> {
  const client = getTaxAuthClient();
  const settled = trackInFlight(
    client
      .voidRanges(record.environment, record.customerId, credential, signedXml, record.fileName)
      .then((outcome) => completeVoid(record, completionOf(outcome), plan, Date.now()))
      .catch((error: unknown) =>
        completeVoid(
          record,
          {
            status: "Error",
            errorCode: "TAXAUTH_VOID_ERROR",
            errorMessage: `Fallo inesperado: ${String(error)}`,
          },
          plan,
          Date.now(),
        ),
      ),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), voidDeadlineMs());
  });
  const finished = await Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
  if (finished) return voidOutcomeResponse(finished);
  // The operator sees the late answer that moves the record (the spec's Error transition).
  void settled.then(
    (settledRecord) =>
      logger.info(
        {
          voidId: settledRecord.voidId,
          rnc: settledRecord.customerId,
          environment: settledRecord.environment,
          status: settledRecord.status,
        },
        "void settled after the deadline",
      ),
    () => {}, // a failure to store it is already the record's Error state
  );
  const late = await completeVoid(
    record,
    {
      status: "Error",
      errorCode: "TAXAUTH_VOID_ERROR",
      errorMessage: `Sin respuesta de la DGII en ${voidDeadlineMs()} ms; si responde más tarde, el registro se actualizará.`,
    },
    plan,
    Date.now(),
  );
  return voidOutcomeResponse(late);
}
