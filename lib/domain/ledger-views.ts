/**
 * The shapes the portal's "Secuencias" components read (structural subsets of lib/server/ledger's
 * answers, which satisfy them): components import no lib/server code, types included.
 */
import type { AuthorizationForecast, TypePace } from "./authorization-forecast";
import type { ProposedRange } from "./gap-proposal";

export type InventoryAlertView =
  | { code: "LOW_AVAILABLE"; available: number }
  | { code: "EXPIRING"; days: number }
  | { code: "EXPIRED_UNUSED"; available: number };

export interface InventoryView {
  types: Array<{
    serie: string;
    tipoeCF: string;
    unknown: number;
    highestIssued: string | null;
    outsideAuthorizations: { issued: number; voided: number };
    use: TypePace;
    authorizations: Array<{
      id: string;
      secuenciaDesde: string;
      secuenciaHasta: string;
      fechaVencimiento: string | null;
      issued: number;
      voided: number;
      unknown: number;
      available: number;
      highestIssued: string | null;
      nextFree: string | null;
      alerts: InventoryAlertView[];
      forecast: AuthorizationForecast;
    }>;
  }>;
}

export interface GapView {
  kind: "salto" | "vencida" | "cierre";
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
  checked: {
    coverageMark: number;
    quietPeriodHours: number;
    higherIssued: string | null;
    higherIssuedAt: number | null;
    higherIssuedAtKnown: boolean | null;
    expiredOn?: string;
  };
}

export interface GapsPageView {
  gaps: GapView[];
  nextToken?: string;
  checks: {
    quietPeriodHours: number;
    cutoff: number | null;
    withheld: Array<{
      serie: string;
      tipoeCF: string;
      reason: "NO_COVERAGE_MARK" | "QUIET_PERIOD";
      highestIssued: string | null;
    }>;
    unknownOutcomesTruncated: boolean;
  };
}

/** One reception of an e-NCF by DGII (consultatrackids). */
export interface TrackIdView {
  trackId: string;
  estado: string;
  codigo?: string;
  fechaRecepcion?: string;
  mensaje?: string;
}

export type NumberAnswer =
  | { encf: string; kind: "never-received" }
  | { encf: string; kind: "received"; trackIds: TrackIdView[] }
  | { encf: string; kind: "unknown"; reason: string };

export interface RangeAnswer {
  range: ProposedRange;
  /** not-asked: past the review's 200-call budget. */
  verdict: "never-received" | "received" | "unknown" | "not-asked";
  numbers: NumberAnswer[];
}
