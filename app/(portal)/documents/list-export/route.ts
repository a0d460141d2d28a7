import { formatFechaHora } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";
import { documentRowCells, documentRowHeader } from "@/lib/portal/document-list-export";
import { getPortalPreferences } from "@/lib/portal/preferences";
import {
  documentListFiltersOf,
  documentListFiltersSchema,
  type DocumentListItem,
} from "@/lib/schemas/documents-list";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { deadlinesOf } from "@/lib/server/contingency";
import { exportDocuments } from "@/lib/server/documents";
import { route, validateBody } from "@/lib/server/platform/http";
import { csvResponse } from "@/lib/server/platform/http/csv";
import { xlsxResponse } from "@/lib/server/platform/http/xlsx";

/** Rows whose deadlines are read at once. */
const DEADLINE_CHUNK = 500;

/**
 * The documents list's selection (the page's filters, every page) as CSV or Excel
 * (`?format=csv|xlsx`), through the one CSV writer and its Excel twin: the same columns, with the
 * deadline of each e-CF signed here that DGII has not received, as the list shows it.
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
  const now = Date.now();
  const rows = (async function* () {
    let chunk: DocumentListItem[] = [];
    // The deadlines of a chunk of rows at once (one read of the company's periods and settings).
    async function* flush() {
      const deadlines = await deadlinesOf(
        auth.accountId,
        environment,
        chunk.map((item) => ({ ...item, signedAt: item.createdAt })),
        { now },
      );
      for (const item of chunk) yield documentRowCells(item, locale, deadlines[item.ncf]);
      chunk = [];
    }
    for await (const item of exportDocuments(auth.accountId, environment, filters)) {
      chunk.push(item);
      if (chunk.length === DEADLINE_CHUNK) yield* flush();
    }
    yield* flush();
  })();
  const fileName = `documentos-${environment}-${formatFechaHora(Date.now()).slice(0, 10)}.${format}`;
  const header = documentRowHeader(locale);
  return format === "csv"
    ? csvResponse({ fileName, header, rows })
    : xlsxResponse({ fileName, header, rows, sheetName: `Documentos ${environment}` });
});
