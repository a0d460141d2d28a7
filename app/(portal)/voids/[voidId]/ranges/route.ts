import { AppError } from "@/lib/errors";
import { findAccountVoid } from "@/lib/portal/find-void-any-environment";
import { requirePortalAuth } from "@/lib/server/auth/next-auth-options";
import { route } from "@/lib/server/http";
import { csvResponse, type CsvRow } from "@/lib/server/http/csv";

type Context = { params: Promise<{ voidId: string }> };

const HEADER = ["linea", "tipoeCF", "secuenciaDesde", "secuenciaHasta", "cantidad"];

type RangeRow = { tipoeCF: string; secuenciaDesde: string; secuenciaHasta: string; cantidad: number };

/** One row per range, made as the download is read (a void may hold 100,000). */
function* rangeRows(ranges: readonly RangeRow[]): Generator<CsvRow> {
  for (let index = 0; index < ranges.length; index++) {
    const range = ranges[index]!;
    yield [index + 1, range.tipoeCF, range.secuenciaDesde, range.secuenciaHasta, range.cantidad];
  }
}

/**
 * Every range of one void attempt as CSV, in request order (the detail page shows the first 1,000;
 * a void may hold 100,000). For the signed-in portal user, any role; another account's voidId is 404.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const auth = await requirePortalAuth("GET /(portal)/voids/[voidId]/ranges");
  const { voidId } = await params;
  const env = new URL(request.url).searchParams.get("env") ?? undefined;
  const record = await findAccountVoid(auth.accountId, voidId, env);
  if (!record) throw new AppError("VOID_NOT_FOUND", `No existe la anulación ${voidId} en su cuenta.`);
  return csvResponse({
    fileName: `${record.fileName.replace(/\.xml$/, "")}-rangos.csv`,
    header: HEADER,
    rows: rangeRows(record.ranges),
  });
});
