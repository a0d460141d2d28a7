import type { Metadata } from "next";

import { BatchLookup } from "@/components/documents/batch-lookup";
import { DocumentCard, NotFoundCard } from "@/components/documents/document-card";
import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import { isAppError } from "@/lib/errors";
import { format } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { fromDocumentRecord, type DocumentView } from "@/lib/portal/document-view";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { parseDocumentQuery } from "@/lib/schemas/documents-query";
import { getDocument } from "@/lib/server/documents";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.documents.title);
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

type SingleResult =
  | { kind: "found"; document: DocumentView }
  | { kind: "not-found"; ecf: string }
  | { kind: "invalid"; message: string };

/** Consulta de documentos: one e-NCF (in the URL, shareable) or a pasted batch (server action). */
export default async function DocumentsPage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const raw = (await searchParams).ecf;
  const ecf = (typeof raw === "string" ? raw : "").trim().toUpperCase();
  let single: SingleResult | null = null;
  if (ecf !== "") {
    try {
      const valid = parseDocumentQuery(new URLSearchParams({ ecf }));
      single = {
        kind: "found",
        document: fromDocumentRecord(await getDocument(auth.accountId, environment, valid)),
      };
    } catch (error) {
      if (!isAppError(error)) throw error;
      single =
        error.code === "DOCUMENT_NOT_FOUND"
          ? { kind: "not-found", ecf }
          : { kind: "invalid", message: errorMessage(error, locale) };
    }
  }
  return (
    <>
      <h1>{t.documents.title}</h1>
      <p className="muted">{format(t.documents.intro, { environment: t.environments[environment] })}</p>
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
      {single?.kind === "found" ? (
        <DocumentCard document={single.document} t={t.documents} statusLabels={t.status} locale={locale} />
      ) : null}
      {single?.kind === "not-found" ? (
        <NotFoundCard
          ecf={single.ecf}
          environment={environment}
          t={t.documents}
          statusLabel={t.status["No encontrado"]}
        />
      ) : null}
      {single?.kind === "invalid" ? (
        <Banner tone="danger" role="alert">
          <p>{single.message}</p>
        </Banner>
      ) : null}
      <Card title={t.documents.batch}>
        <BatchLookup t={t.documents} statusLabels={t.status} locale={locale} />
      </Card>
    </>
  );
}
