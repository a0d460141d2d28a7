import "server-only";
import { RawJson } from "@/lib/server/platform/http/json";
import type { CreateVoidResult, VoidAttempt, VoidRecordView } from "./types";

/**
 * The void endpoints' HTTP shapes, in one place: the spec's 200 / 422 / 502 bodies of POST
 * void-ncf, and the record of the list and of `?voidId=`. Use cases return domain results
 * (CreateVoidResult, VoidRecordView); routes map them here. Field names other clients expect beside
 * the spec's are added here, and only here: MSeller ECF's `dgiiResponse`, `dgiiCode` and `dgiiName`
 * (the spec writes the authority as "taxauth") carry the same values as the spec's fields.
 */

export const VOID_ANSWER_MESSAGES = {
  accepted: "Anulación aceptada por la DGII: las secuencias ya no pueden emitirse.",
  partiallyAccepted:
    "Anulación aceptada en parte por la DGII: las secuencias de ranges ya no pueden emitirse; las de excepted " +
    "no fueron anuladas (verifique su estado antes de anularlas en una nueva solicitud).",
  rejected:
    "La DGII rechazó la anulación; ninguna secuencia fue anulada. Vea los motivos en taxauthResponse.",
  authError:
    "No se pudo autenticar ante la DGII con el certificado de la cuenta; la anulación no fue enviada. " +
    "El intento quedó registrado con estado Error.",
  voidError:
    "La DGII no confirmó la anulación: pudo haberse procesado o no. No reintente a ciegas: consulte el " +
    "registro por voidId y, si sigue en Error, verifique el estado de las secuencias antes de enviar otra solicitud.",
} as const;

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Extension of DGII's partial success: the ranges it did not void, in the spec's range shape, and how
 * many numbers they hold (`ranges` and `totalVoided` then describe what was voided). Nothing otherwise.
 */
function exceptedFields(record: Pick<VoidAttempt, "excepted" | "totalExcepted">) {
  return record.excepted ? { excepted: record.excepted, totalExcepted: record.totalExcepted ?? 0 } : {};
}

/**
 * Extension `motivo`: DGII's 608 reason the void was sent with, in the request's own
 * shape, or null when it has none (older records, clients that never send one).
 */
function motivoField(record: Pick<VoidAttempt, "reason">) {
  return {
    motivo: record.reason ? { codigo: record.reason.code, descripcion: record.reason.text } : null,
  };
}

function taxauthObject(record: VoidAttempt) {
  return {
    codigo: record.taxauthCode ?? "",
    nombre: record.taxauthName ?? "",
    mensajes: record.taxauthResponse,
  };
}

/**
 * The answer's message when the DGII simulator answered (lib/domain/taxauth-deployment.ts): it names
 * the simulator wherever it would name DGII, so a simulated Aceptado never reads as DGII's word.
 */
export function simulatorWording(message: string): string {
  return (
    "SIMULADO: " +
    message
      .replace(/\bLa DGII\b/g, "El simulador de la DGII")
      .replace(/\bla DGII\b/g, "el simulador de la DGII")
  );
}

/** POST void-ncf's answer for an attempt (a first send or an Idempotency-Key replay alike). */
export function voidAttemptAnswer(
  result: Pick<CreateVoidResult, "attempt" | "rangesJson" | "warnings">,
  options: { simulated?: boolean } = {},
): HttpAnswer {
  const plain = attemptAnswer(result);
  const answer = options.simulated
    ? { ...plain, body: { ...plain.body, message: simulatorWording(String(plain.body.message)) } }
    : plain;
  // Extension: the sequence ledger's warnings (a range outside every authorization entered).
  return result.warnings && result.warnings.length > 0
    ? { ...answer, body: { ...answer.body, warnings: result.warnings } }
    : answer;
}

function attemptAnswer(result: Pick<CreateVoidResult, "attempt" | "rangesJson">): HttpAnswer {
  const record = result.attempt;
  if (record.status === "Aceptado") {
    return {
      status: 200,
      body: {
        message: record.excepted ? VOID_ANSWER_MESSAGES.partiallyAccepted : VOID_ANSWER_MESSAGES.accepted,
        voidId: record.voidId,
        status: "Aceptado",
        rnc: record.customerId,
        fechaHoraAnulacion: record.fechaHoraAnulacion,
        totalVoided: record.totalVoided,
        ranges: new RawJson(result.rangesJson),
        fileName: record.fileName,
        taxauthResponse: { ...taxauthObject(record), mensajes: [] },
        // MSeller ECF's name for the same object: integrations written for it read this one.
        dgiiResponse: { ...taxauthObject(record), mensajes: [] },
        ...exceptedFields(record),
        ...motivoField(record),
      },
    };
  }
  if (record.status === "Rechazado") {
    return {
      status: 422,
      body: {
        message: VOID_ANSWER_MESSAGES.rejected,
        voidId: record.voidId,
        status: "Rechazado",
        totalVoided: record.totalVoided,
        taxauthResponse: taxauthObject(record),
        dgiiResponse: taxauthObject(record),
        ...motivoField(record),
      },
    };
  }
  const auth = record.errorCode === "TAXAUTH_AUTH_ERROR";
  return {
    status: 502,
    body: {
      message: auth ? VOID_ANSWER_MESSAGES.authError : VOID_ANSWER_MESSAGES.voidError,
      code: auth ? "TAXAUTH_AUTH_ERROR" : "TAXAUTH_VOID_ERROR",
      voidId: record.voidId,
      status: "Error",
      totalVoided: record.totalVoided,
      fileName: record.fileName,
      ...(record.errorMessage ? { detail: record.errorMessage } : {}),
      ...motivoField(record),
    },
  };
}

/**
 * A record as the list and `?voidId=` return it: every field of the spec's void record. `ranges`
 * may come as JSON text (RawJson), written on the worker thread for large voids.
 */
export function voidRecordItem(
  record: Omit<VoidRecordView, "ranges"> & { ranges: VoidRecordView["ranges"] | RawJson },
): Record<string, unknown> {
  return {
    voidId: record.voidId,
    customerId: record.customerId,
    createdAt: record.createdAt,
    updateAt: record.updateAt,
    status: record.status,
    environment: record.environment,
    fechaHoraAnulacion: record.fechaHoraAnulacion,
    totalVoided: record.totalVoided,
    ranges: record.ranges,
    fileName: record.fileName,
    taxauthCode: record.taxauthCode,
    taxauthName: record.taxauthName,
    taxauthResponse: record.taxauthResponse,
    // MSeller ECF's names for the same three fields.
    dgiiCode: record.taxauthCode,
    dgiiName: record.taxauthName,
    dgiiResponse: record.taxauthResponse,
    // Extensions: why an attempt is in Error, and who sent it.
    ...(record.status === "Error" ? { errorCode: record.errorCode, errorMessage: record.errorMessage } : {}),
    createdBy: record.createdBy,
    ...exceptedFields(record),
    ...motivoField(record),
    // Extension (approvals): only on a void sent by approving a request.
    ...(record.approval ? { approval: record.approval } : {}),
  };
}

type AttemptWithRangesJson = VoidAttempt & { rangesJson: string };

/** GET void-ncf `?voidId=`: the record itself (its ranges' JSON text placed as is). */
export function voidRecordBody({ rangesJson, ...attempt }: AttemptWithRangesJson): Record<string, unknown> {
  return voidRecordItem({ ...attempt, ranges: new RawJson(rangesJson) });
}

/** GET void-ncf: the spec's page `{ items, nextToken?, metadata: { itemsPerPage } }`. */
export function voidListBody(page: {
  items: AttemptWithRangesJson[];
  nextToken?: string;
  limit: number;
}): Record<string, unknown> {
  return {
    items: page.items.map(voidRecordBody),
    ...(page.nextToken !== undefined ? { nextToken: page.nextToken } : {}),
    metadata: { itemsPerPage: page.limit },
  };
}
