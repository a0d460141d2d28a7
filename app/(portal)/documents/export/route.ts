import { formatFechaHora } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";
import {
  documentCsvHeader,
  documentCsvRow,
  lookupDocuments,
  uniqueEntries,
} from "@/lib/portal/document-lookup";
import { splitEncfList } from "@/lib/portal/document-view";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { BATCH_MAX_ECFS } from "@/lib/schemas/documents-batch";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { route } from "@/lib/server/platform/http";
import { csvResponse } from "@/lib/server/platform/http/csv";

/**
 * The document lookup's results as CSV (`?ecfs=E31…,E31…`, up to 100, repeats once): the same
 * answers as the page (lookupDocuments), through the one CSV writer.
 */
export const GET = route(async (request: Request) => {
  const auth = await requirePortalAuth("GET /(portal)/documents/export");
  const { environment, locale } = await getPortalPreferences();
  const { ecfs } = uniqueEntries(splitEncfList(new URL(request.url).searchParams.get("ecfs") ?? ""));
  if (ecfs.length === 0)
    throw new AppError("MISSING_ECFS", "Indique al menos un e-NCF en el parámetro ecfs.");
  if (ecfs.length > BATCH_MAX_ECFS)
    throw new AppError(
      "TOO_MANY_ECFS",
      `Hay ${ecfs.length} e-NCF; el máximo por consulta es ${BATCH_MAX_ECFS}.`,
    );
  const results = await lookupDocuments(auth.accountId, environment, ecfs, locale, { rnc: auth.rnc });
  const day = formatFechaHora(Date.now()).slice(0, 10);
  return csvResponse({
    fileName: `documentos-${environment}-${day}.csv`,
    header: documentCsvHeader(locale),
    rows: results.map((result) => documentCsvRow(result, locale)),
  });
});
