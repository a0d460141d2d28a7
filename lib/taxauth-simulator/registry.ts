import "server-only";

import type { Environment } from "@/lib/domain/environments";

/** consultaresultado's codigo → estado table (DGII's published values). */
export const ESTADOS = {
  0: "No encontrado",
  1: "Aceptado",
  2: "Rechazado",
  3: "En Proceso",
  4: "Aceptado Condicional",
} as const;

export type EstadoCodigo = keyof typeof ESTADOS;

/** An e-CF DGII received, as consultaresultado reports it. */
export interface SimulatedDocument {
  environment: Environment;
  trackId: string;
  rnc: string;
  encf: string;
  codigo: EstadoCodigo;
  /**
   * A state DGII writes that its published table does not list (e.g. "Anulado"): every query answers
   * it as `estado` instead of the codigo's word (estadoOf), so a client's handling of it can be tested.
   */
  estado?: string;
  /** Whether the e-NCF counts as used; defaults to true for Aceptado / Aceptado Condicional. */
  secuenciaUtilizada?: boolean;
  fechaRecepcion?: string;
  mensajes?: Array<{ valor: string; codigo: number }>;
  /**
   * A consumer-invoice summary (RFCE, type 32 under RD$250,000), received through recepcionfc: it
   * has no trackId DGII lists (consultatrackids leaves it out; `trackId` is only this registry's
   * key) and consultarfce finds it by e-NCF and this security code.
   */
  summary?: { codigoSeguridad: string };
  /**
   * Received through recepcion: the verdict is decided at reception but shown as 3 En Proceso until
   * this instant (epoch ms), as DGII validates after answering the trackId. `NEVER_DECIDED` keeps it
   * in process for good (the no-verdict fault).
   */
  processingUntil?: number;
}

/** The word DGII's queries answer for a document: its own `estado` if it has one, else the table's. */
export function estadoOf(document: Pick<SimulatedDocument, "codigo" | "estado">): string {
  return document.estado ?? ESTADOS[document.codigo];
}

/** A processingUntil that never comes. */
export const NEVER_DECIDED = Number.MAX_SAFE_INTEGER;

/** A certificate holder allowed to act for another RNC (set in DGII's portal in real life). */
export interface Delegation {
  rncEmisor: string;
  delegateId: string;
  /** Omitted: every environment. */
  environment?: Environment;
}

/** Documents (by trackId) and delegations: the rest of what the simulated DGII remembers. */
export class Registry {
  private documents = new Map<string, SimulatedDocument>();
  private delegations: Delegation[] = [];

  reset(): void {
    this.documents.clear();
    this.delegations = [];
  }

  registerDocument(document: SimulatedDocument): SimulatedDocument {
    const stored: SimulatedDocument = {
      ...document,
      secuenciaUtilizada: document.secuenciaUtilizada ?? (document.codigo === 1 || document.codigo === 4),
      mensajes: document.mensajes ?? [],
    };
    this.documents.set(documentKey(document.environment, document.trackId), stored);
    return stored;
  }

  /** The document as DGII shows it now: En Proceso while its validation time has not passed. */
  findDocument(environment: Environment, trackId: string): SimulatedDocument | undefined {
    const document = this.documents.get(documentKey(environment, trackId));
    return document && asShownNow(document);
  }

  /** Every received e-CF of one issuer's e-NCF (each reception has its own trackId), in reception order. */
  documentsOf(environment: Environment, rnc: string, encf: string): SimulatedDocument[] {
    const wanted = encf.toUpperCase();
    return [...this.documents.values()]
      .filter(
        (document) =>
          document.environment === environment &&
          document.rnc === rnc &&
          document.encf.toUpperCase() === wanted,
      )
      .map(asShownNow);
  }

  delegate(delegation: Delegation): void {
    this.delegations.push(delegation);
  }

  /** The holder's id is the RNC itself, or delegated for it in that environment. */
  mayActFor(environment: Environment, holderId: string | null, rncEmisor: string): boolean {
    if (!holderId) return false;
    if (holderId === rncEmisor) return true;
    return this.delegations.some(
      (delegation) =>
        delegation.rncEmisor === rncEmisor &&
        delegation.delegateId === holderId &&
        (delegation.environment === undefined || delegation.environment === environment),
    );
  }

  toJSON(): unknown {
    return { documents: [...this.documents.values()], delegations: this.delegations };
  }

  load(json: unknown): void {
    const data = (json ?? {}) as { documents?: SimulatedDocument[]; delegations?: Delegation[] };
    this.reset();
    for (const document of data.documents ?? []) this.registerDocument(document);
    this.delegations = data.delegations ?? [];
  }
}

/**
 * While in process DGII has not decided: no messages, and secuenciaUtilizada false (what an undecided
 * answer most plausibly carries; DGII does not publish it). A client must never read it as reusable.
 */
function asShownNow(document: SimulatedDocument): SimulatedDocument {
  if (document.processingUntil === undefined || Date.now() >= document.processingUntil) return document;
  return { ...document, codigo: 3, estado: undefined, secuenciaUtilizada: false, mensajes: [] };
}

function documentKey(environment: Environment, trackId: string): string {
  return `${environment}|${trackId.toLowerCase()}`;
}
