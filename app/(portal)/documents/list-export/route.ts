import { formatFechaHora } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";
import { documentRowCells, documentRowHeader } from "@/lib/portal/document-list-export";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { documentListFiltersOf, documentListFiltersSchema } from "@/lib/schemas/documents-list";
import { requirePortalAuth } from "@/lib/server/auth/next-auth-options";
import { exportDocuments } from "@/lib/server/documents";
import { route, validateBody } from "@/lib/server/platform/http";
import { csvResponse } from "@/lib/server/platform/http/csv";
import { xlsxResponse } from "@/lib/server/platform/http/xlsx";

/**
 * The documents list's selection (the page's filters, every page) as CSV or Excel
 * (`?format=csv|xlsx`), through the one CSV writer and its Excel twin: the same columns.
 */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/documents/list-export");
  const { environment, locale } = await getPortalPreferences();
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const format = params.format ?? "csv";
  if (format !== "csv" && format !== "xlsx")
    throw new AppError("INVALID_PARAMETER", "format debe ser csv o xlsx.", {
      extra: { parameter: "format" },
    });
  const filters = validateBody(documentListFiltersSchema, documentListFiltersOf(params));
  const rows = (async function* () {
    for await (const item of exportDocuments(auth.accountId, environment, filters))
      yield documentRowCells(item, locale);
  })();
  const fileName = `documentos-${environment}-${formatFechaHora(Date.now()).slice(0, 10)}.${format}`;
  const header = documentRowHeader(locale);
  return format === "csv"
    ? csvResponse({ fileName, header, rows })
    : xlsxResponse({ fileName, header, rows, sheetName: `Documentos ${environment}` });
});
