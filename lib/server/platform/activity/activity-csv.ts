import "server-only";

import { csvResponse, type CsvRow } from "@/lib/server/platform/http/csv";

import {
  listActivity,
  type ActivityEntryView,
  type ActivityFilters,
  type ActivityScope,
} from "./list-activity";

const CSV_PAGE = 500;

/**
 * A CSV download of a log (a company's or an organization's), read page by page with the list's
 * cursor so a 10-year log never sits in memory; the first page is read before answering.
 */
export async function activityCsv(input: {
  scope: ActivityScope;
  filters: ActivityFilters;
  fileName: string;
  header: readonly string[];
  row: (entry: ActivityEntryView) => CsvRow;
}): Promise<Response> {
  const first = await listActivity(input.scope, input.filters, { limit: CSV_PAGE });
  async function* rows(): AsyncGenerator<CsvRow> {
    let page = first;
    for (;;) {
      for (const entry of page.items) yield input.row(entry);
      if (!page.nextToken) return;
      page = await listActivity(input.scope, input.filters, { cursor: page.nextToken, limit: CSV_PAGE });
    }
  }
  return csvResponse({ fileName: input.fileName, header: input.header, rows: rows() });
}
