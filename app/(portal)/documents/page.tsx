import type { Metadata } from "next";

import { BatchLookup } from "@/components/documents/batch-lookup";
import { DocumentList } from "@/components/documents/document-list";
import { ErpImport } from "@/components/documents/erp-import";
import { LookupResultCard } from "@/components/documents/lookup-result-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import { can } from "@/lib/domain/roles";
import { isAppError } from "@/lib/errors";
import { format } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { lookupDocuments, type LookupResult } from "@/lib/portal/document-lookup";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { parseDocumentQuery } from "@/lib/schemas/documents-query";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import {
  documentListFiltersOf,
  documentListFiltersSchema,
  type DocumentListFilters,
  type DocumentListPage,
} from "@/lib/schemas/documents-list";
import { deadlinesOf } from "@/lib/server/contingency";
import { listDocuments } from "@/lib/server/documents";
import { validateBody } from "@/lib/server/platform/http";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.documents.title);
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

type SingleResult = LookupResult | { kind: "invalid"; message: string };

/**
 * The list's page for the URL's filters; filters the URL got wrong (edited by hand, an old cursor)
 * are said in words and the unfiltered first page is shown.
 */
async function loadList(
  accountId: string,
  environment: Environment,
  params: Record<string, string | string[] | undefined>,
  locale: Locale,
): Promise<{ filters: DocumentListFilters; page: DocumentListPage; invalid: string | null }> {
  try {
    const filters = validateBody(documentListFiltersSchema, documentListFiltersOf(params));
    return { filters, page: await listDocuments(accountId, environment, filters), invalid: null };
  } catch (error) {
    if (!isAppError(error) || error.status !== 400) throw error;
    return {
      filters: {},
      page: await listDocuments(accountId, environment, {}),
      invalid: errorMessage(error, locale),
    };
  }
}

/** Consulta de documentos: one e-NCF (in the URL, shareable) or a pasted batch (server action). */
export default async function DocumentsPage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const params = await searchParams;
  const raw = params.ecf;
  const list = await loadList(auth.accountId, environment, params, locale);
  // e-CF signed here that DGII has not received: their time left (an issued one's createdAt is its signing).
  const deadlines = await deadlinesOf(
    auth.accountId,
    environment,
    list.page.items.map((item) => ({ ...item, signedAt: item.createdAt })),
  );
  const ecf = (typeof raw === "string" ? raw : "").trim().toUpperCase();
  let single: SingleResult | null = null;
  if (ecf !== "") {
    try {
      // The REST query's own validation (one message, in the field), then the batch's use case, so the
      // single and the batch lookup show the same fields (lib/portal/document-lookup.ts).
      const valid = parseDocumentQuery(new URLSearchParams({ ecf }));
      single =
        (await lookupDocuments(auth.accountId, environment, [valid], locale, { rnc: auth.rnc }))[0] ?? null;
    } catch (error) {
      if (!isAppError(error)) throw error;
      single = { kind: "invalid", message: errorMessage(error, locale) };
    }
  }
  return (
    <>
      <h1>{t.documents.title}</h1>
      <p className="muted">{format(t.documents.intro, { environment: t.environments[environment] })}</p>
      <DocumentList
        filters={list.filters}
        items={list.page.items}
        nextCursor={list.page.nextCursor}
        invalid={list.invalid}
        environmentLabel={t.environments[environment]}
        deadlines={deadlines}
        t={t}
        locale={locale}
      />
      <Card title={t.documents.single}>
        <form method="get" action="/documents" className="row" data-testid="single-lookup">
          <InputField
            label={t.documents.encf}
            name="ecf"
            defaultValue={ecf}
            hint={t.documents.encfHint}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            error={single?.kind === "invalid" ? single.message : undefined}
          />
          <Button type="submit">{t.documents.lookup}</Button>
        </form>
      </Card>
      {single && single.kind !== "invalid" ? (
        <LookupResultCard
          result={single}
          environment={environment}
          t={t.documents}
          finding={t.finding.documents}
          statusLabels={t.status}
          locale={locale}
        />
      ) : null}
      <Card title={t.documents.batch}>
        <BatchLookup t={t.documents} finding={t.finding.documents} statusLabels={t.status} locale={locale} />
      </Card>
      {can(auth, "documents.import") ? (
        <Card title={t.erpImport.title} id="import">
          <ErpImport t={t.erpImport} locale={locale} dateTimeFormat={t.common.dateTimeFormat} />
        </Card>
      ) : null}
    </>
  );
}
