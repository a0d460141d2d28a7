import "server-only";
import type { Environment } from "@/lib/domain/environments";
import { readEncf } from "@/lib/domain/encf";
import { overlapping, serieTipoKey } from "@/lib/domain/intervals";
import { AppError } from "@/lib/errors";

import { storedRangeGroups } from "../platform/db/stored-ranges";
import type { VoidRecordView } from "./types";
import { findCoveringCandidates } from "./void-repository";

/** An attempt one of whose ranges holds the searched e-NCF. */
export interface CoveringVoid {
  voidId: string;
  status: VoidRecordView["status"];
  errorCode: string | null;
  createdAt: number;
  fechaHoraAnulacion: string;
  /** The attempt's range that holds the number. */
  secuenciaDesde: string;
  secuenciaHasta: string;
  /** DGII's partial success: the number was in the attempt but DGII did not void it. */
  excepted: boolean;
  /** The attempt is a partial success ("Aceptado · parcial"), whichever part holds the number. */
  partial: boolean;
}

export interface CoveringAnswer {
  encf: string;
  voids: CoveringVoid[];
  /** Only the newest candidates were read (void-repository MAX_COVERING_CANDIDATES). */
  truncated: boolean;
}

/**
 * "¿Está anulado este e-NCF?": every attempt of the company in this environment (any status) one of
 * whose ranges holds the number, newest first. Candidates come from the repository (the VoidedBlock
 * index for accepted voids, a bounded read for the others); each candidate's ranges are then
 * searched by binary search (lib/domain/intervals `overlapping`). A malformed e-NCF → 400 with the
 * domain's code (INVALID_ENCF_LENGTH, …).
 */
export async function findVoidsCovering(
  accountId: string,
  environment: Environment,
  value: string,
): Promise<CoveringAnswer> {
  const encf = readEncf(value.trim().toUpperCase());
  if (typeof encf === "string") throw new AppError(encf, encfProblemMessage(encf, value));
  const point = { desde: encf.secuencia, hasta: encf.secuencia };
  const key = serieTipoKey(encf.serie, encf.tipo);
  const { candidates, truncated } = await findCoveringCandidates(
    accountId,
    environment,
    encf.serie,
    encf.tipo,
    encf.secuencia,
  );
  const voids: CoveringVoid[] = [];
  for (const candidate of candidates) {
    const hit = firstHolding(candidate.storedRanges, key, point);
    const exceptedHit = hit
      ? undefined
      : candidate.storedExcepted && firstHolding(candidate.storedExcepted, key, point);
    const range = hit ?? exceptedHit;
    if (!range) continue;
    voids.push({
      voidId: candidate.voidId,
      status: candidate.status,
      errorCode: candidate.errorCode,
      createdAt: candidate.createdAt,
      fechaHoraAnulacion: candidate.fechaHoraAnulacion,
      secuenciaDesde: range.secuenciaDesde,
      secuenciaHasta: range.secuenciaHasta,
      excepted: !hit,
      partial: candidate.storedExcepted !== null,
    });
  }
  return { encf: encf.value, voids, truncated };
}

function firstHolding(stored: string, key: string, point: { desde: number; hasta: number }) {
  let group;
  try {
    group = storedRangeGroups(stored).get(key);
  } catch {
    return undefined; // an unreadable stored form is not a match (it never is: written by us)
  }
  return group ? overlapping(group, point)[0] : undefined;
}

function encfProblemMessage(problem: string, value: string): string {
  switch (problem) {
    case "INVALID_ENCF_LENGTH":
      return `El e-NCF "${value}" debe tener 13 posiciones.`;
    case "INVALID_TIPO_ECF":
      return `El e-NCF "${value}" no tiene un tipo de e-CF válido.`;
    case "INVALID_SEQUENCE":
      return `El e-NCF "${value}" tiene el número secuencial en cero.`;
    default:
      return `El e-NCF "${value}" no tiene el formato de un e-NCF (letra de serie, tipo y 10 dígitos).`;
  }
}
