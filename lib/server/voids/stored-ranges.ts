import "server-only";
import { readEncf } from "@/lib/domain/encf";
import type { ValidatedRange } from "@/lib/domain/void-request";
import type { VoidRangeView } from "./void-views";

type StoredRange = [tipoeCF: string, secuenciaDesde: string, secuenciaHasta: string, cantidad: number];

/**
 * VoidRecord.ranges is JSON text of [tipoeCF, secuenciaDesde, secuenciaHasta, cantidad] tuples
 * (compact: see schema.prisma); objects, the first format, are read too.
 */
export function parseStoredRanges(text: string): VoidRangeView[] {
  const stored = JSON.parse(text) as Array<StoredRange | VoidRangeView>;
  return stored.map((range) =>
    Array.isArray(range)
      ? { tipoeCF: range[0], secuenciaDesde: range[1], secuenciaHasta: range[2], cantidad: range[3] }
      : range,
  );
}

export function storedRanges(ranges: readonly ValidatedRange[]): string {
  return JSON.stringify(
    ranges.map((range): StoredRange => [
      range.tipoeCF,
      range.secuenciaDesde,
      range.secuenciaHasta,
      range.cantidad,
    ]),
  );
}

/** Ranges grouped by series + type (key e.g. "E31"), each group sorted by start. */
export function groupBySerieTipo<T extends Pick<ValidatedRange, "serie" | "tipoeCF" | "desde">>(
  ranges: readonly T[],
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const range of ranges) {
    const key = range.serie + range.tipoeCF;
    const group = groups.get(key);
    if (group) group.push(range);
    else groups.set(key, [range]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.desde - b.desde);
  return groups;
}

/** A stored range as numbers, with its series+type key (e.g. "E31"), read by the domain's e-NCF parser. */
export interface StoredInterval {
  key: string;
  desde: number;
  hasta: number;
}

export function storedIntervals(stored: readonly VoidRangeView[]): StoredInterval[] {
  const intervals: StoredInterval[] = [];
  for (const range of stored) {
    const desde = readEncf(range.secuenciaDesde);
    const hasta = readEncf(range.secuenciaHasta);
    if (typeof desde === "string" || typeof hasta === "string") continue; // stored ranges were validated
    intervals.push({ key: desde.serie + desde.tipo, desde: desde.secuencia, hasta: hasta.secuencia });
  }
  return intervals;
}
