import "server-only";

import type { DetailRange } from "./void-answer-table";

/** DGII's answer to anularrango, normalised (codigo always a string, mensajes always strings). */
export interface TaxAuthVoidResponse {
  rnc: string;
  codigo: string;
  nombre: string;
  mensajes: string[];
}

/**
 * accepted / rejected: DGII read the document and said so (classify-void-answer.ts: codigo 1 or a
 * full-success 15 / codigo 2). failed: it could not be reached, or its answer could not be read or
 * was not understood: the void MAY have happened.
 */
export type VoidOutcome =
  | { kind: "accepted"; response: TaxAuthVoidResponse; httpStatus: number }
  | {
      /**
       * DGII's partial success (codigo 1, or 15 Satisfactorio, with its partial-success text or "No fue
       * posible anular las siguientes secuencias" and the excepted sequences listed): the sequences it
       * did not void. The caller checks them against what was sent (lib/server/voids/partial-success.ts);
       * when they do not fit, the attempt is an Error with `unfitReason`.
       */
      kind: "partially-accepted";
      response: TaxAuthVoidResponse;
      httpStatus: number;
      excepted: DetailRange[];
      /** The Error reason (with the answer verbatim) to store if the excepted sequences were not all sent. */
      unfitReason: string;
    }
  | { kind: "rejected"; response: TaxAuthVoidResponse; httpStatus: number }
  | {
      kind: "failed";
      stage: "auth" | "send";
      reason: string;
      httpStatus?: number;
      response?: TaxAuthVoidResponse;
    };

export const STATUS_ESTADOS = {
  0: "No encontrado",
  1: "Aceptado",
  2: "Rechazado",
  3: "En Proceso",
  4: "Aceptado Condicional",
} as const;

export type StatusEstado = (typeof STATUS_ESTADOS)[keyof typeof STATUS_ESTADOS];

export interface TaxAuthStatusResult {
  codigo: number;
  estado: StatusEstado;
  raw: unknown;
}

/** One reception of an e-NCF by DGII (consultatrackids). */
export interface TaxAuthTrackId {
  trackId: string;
  /** As DGII words it (Aceptado, Rechazado, En Proceso…); "" when the answer had none. */
  estado: string;
  codigo?: string;
  fechaRecepcion?: string;
  mensaje?: string;
}
