/** One line of pasted text, as the portal's range editor shows it. */
export interface PastedRange {
  secuenciaDesde: string;
  secuenciaHasta: string;
}

const SEPARATORS = /[\t,; ]+/;

/**
 * Parses text pasted into the range editor (from Excel/Sheets or typed): one range per line, "from"
 * and "to" separated by tab, comma or spaces; CRLF and blank lines are fine; a single e-NCF on a line
 * means one sequence (from = to). Values are trimmed and upper-cased (e-NCF series letters are
 * capitals); anything else is left for validation to report, with its line.
 */
export function parsePastedRanges(text: string): PastedRange[] {
  const ranges: PastedRange[] = [];
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (line === "") continue;
    const parts = line.split(SEPARATORS).filter((part) => part !== "");
    const desde = (parts[0] ?? "").toUpperCase();
    const hasta = (parts.length > 1 ? parts[1]! : parts[0]!).toUpperCase();
    // Extra cells (a third column) are kept visible so the user sees the line is not what they meant.
    ranges.push({
      secuenciaDesde: desde,
      secuenciaHasta: parts.length > 2 ? parts.slice(1).join(" ").toUpperCase() : hasta,
    });
  }
  return ranges;
}
