import { AppError } from "@/lib/errors";
import { CSV_BOM, csvLine } from "@/lib/portal/csv";
import { findAccountVoid } from "@/lib/portal/find-void-any-environment";
import { requirePortalAuth } from "@/lib/server/auth";
import { route } from "@/lib/server/http";

type Context = { params: Promise<{ voidId: string }> };

const HEADER = ["linea", "tipoeCF", "secuenciaDesde", "secuenciaHasta", "cantidad"];

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
  const lines = record.ranges.map((range, index) =>
    csvLine([index + 1, range.tipoeCF, range.secuenciaDesde, range.secuenciaHasta, range.cantidad]),
  );
  return new Response(CSV_BOM + csvLine(HEADER) + lines.join(""), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${record.fileName.replace(/\.xml$/, "")}-rangos.csv"`,
      "cache-control": "private, no-store",
    },
  });
});
