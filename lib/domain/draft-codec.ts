/**
 * How the void tool's ranges travel to the server action: one "desde<TAB>hasta" per line, a tenth of
 * the size of JSON objects. That matters because server action bodies are size-limited (Next's
 * serverActions.bodySizeLimit) and a full request holds up to 100,000 ranges. Pure: the editor
 * encodes in the browser, the void use case decodes on the server.
 */

/**
 * Kept under the server action body limit (next.config.mjs: serverActions.bodySizeLimit "16mb"),
 * with room for the spec's maximum (10 types × 10,000 ranges ≈ 2.8 MB in this encoding). Past it
 * the portal says so plainly instead of failing in transit; change both together.
 */
export const MAX_WIRE_CHARS = 15_000_000;

export interface WireRange {
  secuenciaDesde: string;
  secuenciaHasta: string;
}

export function encodeRanges(ranges: readonly WireRange[]): string {
  let text = "";
  for (const range of ranges) text += `${range.secuenciaDesde}\t${range.secuenciaHasta}\n`;
  return text;
}

/** The inverse of encodeRanges; anything odd is passed on as typed so validation reports it by line. */
export function decodeRanges(text: string): WireRange[] {
  const ranges: WireRange[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    ranges.push(
      tab < 0
        ? { secuenciaDesde: line, secuenciaHasta: line }
        : { secuenciaDesde: line.slice(0, tab), secuenciaHasta: line.slice(tab + 1) },
    );
  }
  return ranges;
}
