import { AppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { findAccountVoid } from "@/lib/portal/find-void-any-environment";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { route } from "@/lib/server/platform/http";
import { csvResponse, type CsvRow } from "@/lib/server/platform/http/csv";

type Context = { params: Promise<{ voidId: string }> };

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
  // Headers in the portal's language, as the history's CSV (no API field names for a spreadsheet user).
  const csv = getDictionary((await getPortalPreferences()).locale).finding.csv;
  return csvResponse({
    fileName: `${record.fileName.replace(/\.xml$/, "")}-rangos.csv`,
    header: [csv.linea, csv.tipo, csv.desde, csv.hasta, csv.cantidad],
    rows: rangeRows(record.ranges),
  });
});
