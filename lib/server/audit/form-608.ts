import "server-only";

import { Readable } from "node:stream";

import {
  date608,
  encfsOfRange,
  fileName608,
  header608,
  line608,
  LINE_END_608,
  split608,
} from "@/lib/domain/dgii-608";
import { parseStoredRanges } from "@/lib/server/platform/db/stored-ranges";

import { eachVoid, rangesOf, type AuditScope, type PageOptions } from "./audit-queries";
import type { ZipWriter } from "./zip-writer";

/** Characters per chunk handed to the ZIP: one write per ~64 KB, never a whole file in memory. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Every line of one month's 608, one at a time: the Aceptado voids with a reason whose
 * fechaHoraAnulacion falls in the month, in creation order, each voided e-NCF of their ranges (for a
 * partial success `ranges` holds only what DGII voided). One void's ranges are read at a time.
 */
async function* monthLines(scope: AuditScope, month: string, pages: PageOptions): AsyncGenerator<string> {
  for await (const row of eachVoid(scope, "voided-with-reason", { ...pages, month })) {
    const { ranges } = await rangesOf(scope, row.id);
    const date = date608(row.fechaHoraAnulacion);
    const code = row.reasonCode!;
    for (const range of parseStoredRanges(ranges)) {
      for (const encf of encfsOfRange(range.secuenciaDesde, range.secuenciaHasta)) {
        yield line608(encf, date, code);
      }
    }
  }
}

/** One file's text in chunks: its header, then exactly `count` lines pulled from `lines`. */
async function* fileChunks(
  header: string,
  lines: AsyncIterator<string>,
  count: number,
  fileName: string,
): AsyncGenerator<string> {
  let chunk = header + LINE_END_608;
  for (let written = 0; written < count; written++) {
    // next(), not for-await: a break would close the iterator the month's next file goes on with.
    const next = await lines.next();
    if (next.done) throw new DataChangedError(fileName);
    chunk += next.value + LINE_END_608;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** The voids changed while the pack was written (a void accepted meanwhile): its counts would lie. */
export class DataChangedError extends Error {
  constructor(fileName: string) {
    super(`Las anulaciones cambiaron mientras se escribía ${fileName}; descargue el paquete otra vez.`);
  }
}

export interface Plan608 {
  month: string;
  lines: number;
  /** Lines in each of its files (608-YYYYMM-1.txt, -2, …). */
  parts: number[];
}

/** The 608 files of the period: per month its total and how it splits at `limit` lines a file. */
export function plan608(linesByMonth: Map<string, number>, limit: number): Plan608[] {
  return [...linesByMonth.entries()]
    .filter(([, lines]) => lines > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, lines]) => ({ month, lines, parts: split608(lines, limit) }));
}

/** Writes the month's 608 files into the pack (608/608-YYYYMM-n.txt), each streamed. */
export async function write608(
  zip: ZipWriter,
  scope: AuditScope,
  plan: Plan608,
  pages: PageOptions = {},
): Promise<void> {
  const lines = monthLines(scope, plan.month, pages);
  try {
    for (const [index, count] of plan.parts.entries()) {
      const name = fileName608(plan.month, index + 1);
      const header = header608(scope.rnc, plan.month, count);
      await zip.add(`608/${name}`, Readable.from(fileChunks(header, lines, count, name)));
    }
    if (!(await lines.next()).done) throw new DataChangedError(fileName608(plan.month, plan.parts.length));
  } finally {
    await lines.return(undefined);
  }
}
