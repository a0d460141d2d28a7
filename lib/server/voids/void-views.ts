import "server-only";
import type { Environment } from "@/lib/domain/environments";
import type { RawJson } from "@/lib/server/http/json";

/** A void attempt as the application sees it (repository output, numbers instead of BigInt). */
export interface VoidRecordView {
  voidId: string;
  accountId: string;
  customerId: string;
  environment: Environment;
  status: "Aceptado" | "Rechazado" | "Error";
  fechaHoraAnulacion: string;
  totalVoided: number;
  ranges: VoidRangeView[];
  fileName: string;
  taxauthCode: string | null;
  taxauthName: string | null;
  taxauthResponse: string[];
  errorCode: string | null;
  errorMessage: string | null;
  createdBy: string | null;
  createdAt: number;
  updateAt: number;
}

/** An attempt without its ranges: what the void flow writes and reads back (it holds the ranges itself). */
export type VoidAttempt = Omit<VoidRecordView, "ranges">;

export interface VoidRangeView {
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
}

/**
 * Why an Error record is Error; `NOT_CONFIRMED` is the write-ahead state (sent or about to be, an
 * instance still waiting); `INTERRUPTED`: the instance waiting for the answer died (send-leases.ts).
 */
export type VoidErrorCode = "NOT_CONFIRMED" | "TAXAUTH_AUTH_ERROR" | "TAXAUTH_VOID_ERROR" | "INTERRUPTED";

export const VOID_MESSAGES = {
  accepted: "Anulación aceptada por la DGII: las secuencias ya no pueden emitirse.",
  rejected:
    "La DGII rechazó la anulación; ninguna secuencia fue anulada. Vea los motivos en taxauthResponse.",
  authError:
    "No se pudo autenticar ante la DGII con el certificado de la cuenta; la anulación no fue enviada. " +
    "El intento quedó registrado con estado Error.",
  voidError:
    "La DGII no confirmó la anulación: pudo haberse procesado o no. No reintente a ciegas: consulte el " +
    "registro por voidId y, si sigue en Error, verifique el estado de las secuencias antes de enviar otra solicitud.",
  /** errorMessage of an INTERRUPTED record (the spec's retry rule 2, said for this case). */
  interrupted:
    "Envío interrumpido: la instancia de Anula que esperaba la respuesta de la DGII se detuvo (reinicio o fallo) " +
    "antes de recibirla, y ninguna respuesta llegará ya a este registro. La DGII pudo haber anulado estas secuencias " +
    "o no: no reintente a ciegas; verifique su estado en la Oficina Virtual de la DGII (Consulta de Anulaciones) " +
    "y envíe una nueva solicitud solo para las que no fueron anuladas.",
  /** errorMessage while the request's deadline has passed but this instance still waits for DGII. */
  stillWaiting: (deadlineMs: number) =>
    `Sin respuesta de la DGII en ${deadlineMs} ms; Anula sigue esperándola: si llega, este registro pasará a ` +
    "Aceptado o Rechazado, y si la espera se interrumpe, quedará como INTERRUPTED.",
} as const;

/** A record as the list and `?voidId=` return it: every field of the spec's void record. */
export function toVoidListItem(record: VoidRecordView): Record<string, unknown> {
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
    // Extensions: why an attempt is in Error, and who sent it.
    ...(record.status === "Error" ? { errorCode: record.errorCode, errorMessage: record.errorMessage } : {}),
    createdBy: record.createdBy,
  };
}

function taxauthObject(record: VoidAttempt) {
  return {
    codigo: record.taxauthCode ?? "",
    nombre: record.taxauthName ?? "",
    mensajes: record.taxauthResponse,
  };
}

/** The HTTP answer of POST void-ncf for a record's outcome (also replayed for an Idempotency-Key). */
export function voidOutcomeResponse(
  record: VoidAttempt,
  ranges: readonly VoidRangeView[] | RawJson,
): {
  status: number;
  body: Record<string, unknown>;
} {
  if (record.status === "Aceptado") {
    return {
      status: 200,
      body: {
        message: VOID_MESSAGES.accepted,
        voidId: record.voidId,
        status: "Aceptado",
        rnc: record.customerId,
        fechaHoraAnulacion: record.fechaHoraAnulacion,
        totalVoided: record.totalVoided,
        ranges,
        fileName: record.fileName,
        taxauthResponse: { ...taxauthObject(record), mensajes: [] },
      },
    };
  }
  if (record.status === "Rechazado") {
    return {
      status: 422,
      body: {
        message: VOID_MESSAGES.rejected,
        voidId: record.voidId,
        status: "Rechazado",
        totalVoided: record.totalVoided,
        taxauthResponse: taxauthObject(record),
      },
    };
  }
  const auth = record.errorCode === "TAXAUTH_AUTH_ERROR";
  return {
    status: 502,
    body: {
      message: auth ? VOID_MESSAGES.authError : VOID_MESSAGES.voidError,
      code: auth ? "TAXAUTH_AUTH_ERROR" : "TAXAUTH_VOID_ERROR",
      voidId: record.voidId,
      status: "Error",
      totalVoided: record.totalVoided,
      fileName: record.fileName,
      ...(record.errorMessage ? { detail: record.errorMessage } : {}),
    },
  };
}
