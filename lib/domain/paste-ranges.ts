/** One line of pasted text, as the portal's range editor shows it. */
export interface PastedRange {
  secuenciaDesde: string;
  secuenciaHasta: string;
  /** A third column's number ("cantidad"), kept apart so the editor checks it against the range. */
  cantidad?: number;
}

export interface PasteResult {
  ranges: PastedRange[];
  /** 1-based lines of the pasted text without a single digit (headers such as "Desde, Hasta"): skipped. */
  ignoredLines: number[];
}

/** Spaces that spreadsheets and web pages put in copied text: no-break, figure, narrow no-break, BOM. */
const ODD_SPACES = /[\u00a0\u2007\u202f\u2009\ufeff]/g;
/** Hyphen, en dash, em dash, minus: "E31…-E31…", "E31… – E31…" (the app's own and DGII's formats). */
const DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212";
const DASH_ONLY = new RegExp(`^[${DASHES}]+$`);
const DASH_SPLIT = new RegExp(`\\s*[${DASHES}]+\\s*`);
/** What an e-NCF attempt starts with: a series letter and a digit (validation judges the rest). */
const ENCF_LIKE = /^[A-Za-z]\d/;
/** A count as spreadsheets write it: 10, 1,000, 1.000, 1 000. */
const COUNT = /^(\d{1,3}([,. ]\d{3})+|\d+)$/;

/**
 * Parses text pasted into the range editor (from Excel/Sheets, a CSV, DGII's messages or typed): one
 * range per line. Cells are split on tab, else on comma/semicolon (quotes respected, as in CSV), else
 * on spaces; a cell "E31…-E31…" (any dash, spaced or not) is a range by itself. On each line the first
 * e-NCF is "desde", the second "hasta" (one alone is a one-sequence range) and a number after them is
 * the "cantidad" (checked against the range by the editor, never glued onto hasta); numbers before
 * them (the app's ranges CSV starts with línea and tipo) are skipped. A line without any digit is a
 * header and is skipped, and said so. Other leftovers stay visible on hasta, so validation reports the
 * line as not what the user meant. Values are trimmed and upper-cased.
 */
export function parsePaste(text: string): PasteResult {
  const ranges: PastedRange[] = [];
  const ignoredLines: number[] = [];
  const rows = text.replace(ODD_SPACES, " ").split(/\r\n|\r|\n/);
  for (let index = 0; index < rows.length; index++) {
    const line = rows[index]!.trim();
    if (line === "") continue;
    if (!/\d/.test(line)) {
      ignoredLines.push(index + 1);
      continue;
    }
    ranges.push(rangeOf(cellsOf(line)));
  }
  return { ranges, ignoredLines };
}

/** The ranges alone (see parsePaste). */
export function parsePastedRanges(text: string): PastedRange[] {
  return parsePaste(text).ranges;
}

function rangeOf(cells: string[]): PastedRange {
  const encfs: string[] = [];
  const leftovers: string[] = [];
  let cantidad: number | undefined;
  for (const cell of cells) {
    if (ENCF_LIKE.test(cell)) encfs.push(cell.toUpperCase());
    else if (encfs.length > 0 && cantidad === undefined && COUNT.test(cell)) {
      cantidad = Number(cell.replace(/[,. ]/g, ""));
    } else if (encfs.length > 0 || !COUNT.test(cell)) leftovers.push(cell.toUpperCase());
  }
  if (encfs.length === 0) {
    // Nothing looks like an e-NCF: shown as typed, so validation names the line.
    const raw = cells.map((cell) => cell.toUpperCase());
    return {
      secuenciaDesde: raw[0] ?? "",
      secuenciaHasta: raw.length > 1 ? raw.slice(1).join(" ") : (raw[0] ?? ""),
    };
  }
  const desde = encfs[0]!;
  const extra = [...encfs.slice(2), ...leftovers];
  const hasta = encfs[1] ?? desde;
  return {
    secuenciaDesde: desde,
    secuenciaHasta: extra.length > 0 ? [hasta, ...extra].join(" ") : hasta,
    ...(cantidad !== undefined ? { cantidad } : {}),
  };
}

/** The cells of one line: tab-separated, else CSV (comma or semicolon, quotes), else spaces; dash ranges split. */
function cellsOf(line: string): string[] {
  let cells: string[];
  if (line.includes("\t")) cells = line.split("\t");
  else if (/[,;]/.test(line)) cells = splitCsv(line);
  else cells = [line];
  const out: string[] = [];
  for (const cell of cells) {
    const clean = unquote(cell.trim());
    for (const piece of clean.split(/ +/)) {
      const word = unquote(piece);
      if (word === "" || DASH_ONLY.test(word)) continue;
      // "E31…-E31…" or "E31…–E31…": two values; a dash inside anything else stays for validation.
      const parts = word.split(DASH_SPLIT);
      if (parts.length === 2 && parts.every((part) => ENCF_LIKE.test(part))) out.push(...parts);
      else out.push(word);
    }
  }
  return out;
}

function unquote(cell: string): string {
  if (cell.length < 2 || !cell.startsWith('"') || !cell.endsWith('"')) return cell;
  const inner = cell.slice(1, -1);
  // '"A" "B"' is two quoted words, not one quoted cell.
  return inner.replaceAll('""', "").includes('"') ? cell : inner.replaceAll('""', '"').trim();
}

/** A CSV line split on commas or semicolons outside double quotes (Excel in es-DO writes ";"). */
function splitCsv(line: string): string[] {
  const cells: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '""';
        i++;
      } else {
        quoted = !quoted;
        current += char;
      }
    } else if (!quoted && (char === "," || char === ";")) {
      cells.push(current);
      current = "";
    } else current += char;
  }
  cells.push(current);
  return cells;
}
