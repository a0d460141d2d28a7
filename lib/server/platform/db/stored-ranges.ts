import "server-only";
import { gunzipSync, gzipSync } from "node:zlib";
import { readEncf } from "@/lib/domain/encf";
import { groupBySerieTipo, sortByDesde } from "@/lib/domain/intervals";

/** One range of a void as the spec shows it (GET void-ncf's `ranges`). */
export interface VoidRangeView {
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
}

type StoredRange = [tipoeCF: string, secuenciaDesde: string, secuenciaHasta: string, cantidad: number];

/**
 * Above this much JSON the stored ranges are gzip + base64: a 100,000-range void's 4 MB of JSON
 * becomes ~0.7 MB, and on PGlite, which runs on the event loop's thread, writing that row went from
 * ~85 to ~24 ms. Smaller ones stay JSON, which lists of ordinary voids read fastest.
 */
const COMPRESS_ABOVE_CHARS = 64 * 1024;

/**
 * VoidRecord.ranges is JSON text of [tipoeCF, secuenciaDesde, secuenciaHasta, cantidad] tuples
 * (compact: see schema.prisma), or that JSON gzip-compressed as base64 when large (JSON starts with
 * "[", base64 never does); objects, the first format, are read too.
 */
export function parseStoredRanges(text: string): VoidRangeView[] {
  const json = isCompressedStoredRanges(text)
    ? gunzipSync(Buffer.from(text, "base64")).toString("utf8")
    : text;
  const stored = JSON.parse(json) as Array<StoredRange | VoidRangeView>;
  return stored.map((range) =>
    Array.isArray(range)
      ? { tipoeCF: range[0], secuenciaDesde: range[1], secuenciaHasta: range[2], cantidad: range[3] }
      : range,
  );
}

export function isCompressedStoredRanges(text: string): boolean {
  return !text.startsWith("[");
}

/** The spec's `ranges` array (objects) of stored ranges, as JSON text. */
export function storedRangesJson(text: string): string {
  return JSON.stringify(parseStoredRanges(text));
}

export function storedRanges(ranges: readonly VoidRangeView[]): string {
  const json = JSON.stringify(
    ranges.map((range): StoredRange => [
      range.tipoeCF,
      range.secuenciaDesde,
      range.secuenciaHasta,
      range.cantidad,
    ]),
  );
  if (json.length <= COMPRESS_ABOVE_CHARS) return json;
  return gzipSync(Buffer.from(json, "utf8"), { level: 1 }).toString("base64");
}

/** A range of a request read back from its stored JSON: `line` is its 1-based place in the request. */
export interface StoredRequestRange {
  line: number;
  serie: string;
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  desde: number;
  hasta: number;
}

export function storedRequestRanges(text: string): StoredRequestRange[] {
  return numberedRanges(parseStoredRanges(text));
}

/** Stored ranges with their numbers, read by the domain's e-NCF parser; `line` is the 1-based place. */
function numberedRanges(stored: readonly VoidRangeView[]): StoredRequestRange[] {
  const ranges: StoredRequestRange[] = [];
  stored.forEach((range, index) => {
    const desde = readEncf(range.secuenciaDesde);
    const hasta = readEncf(range.secuenciaHasta);
    if (typeof desde === "string" || typeof hasta === "string") return; // stored ranges were validated
    ranges.push({
      line: index + 1,
      serie: desde.serie,
      tipoeCF: desde.tipo,
      secuenciaDesde: range.secuenciaDesde,
      secuenciaHasta: range.secuenciaHasta,
      desde: desde.secuencia,
      hasta: hasta.secuencia,
    });
  });
  return ranges;
}

/**
 * Stored ranges with their numbers, grouped by series+type (serieTipoKey, e.g. "E31") and sorted by
 * start within each group: what the overlap checks walk.
 */
export function storedRangeGroups(text: string): Map<string, StoredRequestRange[]> {
  const groups = groupBySerieTipo(storedRequestRanges(text));
  for (const group of groups.values()) sortByDesde(group);
  return groups;
}
