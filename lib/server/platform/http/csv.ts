import "server-only";

/**
 * The one CSV writer of every export, for spreadsheet users (Excel in es-DO): UTF-8 with a BOM (so
 * Excel reads accents), comma separated, CRLF, a field quoted only when it holds a quote, comma or
 * line break (RFC 4180), and formula injection neutralised in every cell.
 */
export const CSV_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;
export type CsvRow = readonly CsvValue[];

/**
 * Text starting with = + - @, a tab, CR or NUL is read as a formula by Excel, LibreOffice or Google
 * Sheets (OWASP "CSV Injection"; ASVS 5 1.2.10 adds NUL): such a cell gets a leading apostrophe,
 * which the spreadsheet shows as text. Numbers the code itself writes (a count, -5) are not user
 * text and stay numbers, so a spreadsheet can still add them up.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (!(typeof value === "number" && Number.isFinite(value)) && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: CsvRow): string {
  let line = "";
  for (let i = 0; i < values.length; i++) line += (i === 0 ? "" : ",") + csvCell(values[i]);
  return `${line}\r\n`;
}

/** Characters per written chunk: one write per ~64 KB, never one per row (see streamedJson). */
const CHUNK_CHARS = 64 * 1024;

export interface CsvDownload {
  /** The file's name as the browser saves it; characters other than [A-Za-z0-9._-] become "_". */
  fileName: string;
  header: CsvRow;
  /** Read lazily, as the client reads the body: a generator over pages keeps memory flat. */
  rows: Iterable<CsvRow> | AsyncIterable<CsvRow>;
}

/**
 * A CSV download. The first chunk is produced before answering: an error there is an ordinary error
 * answer, and a file that fits in one chunk is sent whole. After that, rows are read one chunk at a
 * time, only when the client asks for more (backpressure); an error mid-file aborts the download
 * (the browser shows it failed) rather than ending a silently short file; a client that goes away
 * stops the reading (the iterator's return() runs, so a generator's finally blocks do).
 */
export async function csvResponse(download: CsvDownload): Promise<Response> {
  const headers = {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${safeFileName(download.fileName)}"`,
    "cache-control": "private, no-store",
  };
  const source = csvChunks(download.header, download.rows);
  // Never done: the first chunk holds at least the BOM and the header line.
  const first = (await source.next()).value ?? "";
  const second = await source.next();
  if (second.done) return new Response(first, { headers });
  const encoder = new TextEncoder();
  let pending: string | undefined = second.value;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first));
    },
    async pull(controller) {
      if (pending !== undefined) {
        controller.enqueue(encoder.encode(pending));
        pending = undefined;
        return;
      }
      // A rejection here errors the stream: the download aborts.
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return new Response(stream, { headers });
}

/**
 * The file's text in chunks of about CHUNK_CHARS characters, the BOM and header line first. Each
 * chunk is its own string, so a 100,000-row file is never one string in memory.
 */
export async function* csvChunks(
  header: CsvRow,
  rows: Iterable<CsvRow> | AsyncIterable<CsvRow>,
): AsyncGenerator<string> {
  let chunk = CSV_BOM + csvLine(header);
  if (Symbol.asyncIterator in rows) {
    for await (const row of rows) {
      chunk += csvLine(row);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = "";
      }
    }
  } else {
    // Rows already in memory are read without an await per row.
    for (const row of rows) {
      chunk += csvLine(row);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = "";
      }
    }
  }
  if (chunk.length > 0) yield chunk;
}

function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, "_");
}
