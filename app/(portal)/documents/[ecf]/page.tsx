import type { Metadata } from "next";
import Link from "next/link";

import { CreditNoteLinks } from "@/components/documents/credit-note-links";
import { DocumentDetail } from "@/components/documents/document-detail";
import { Banner } from "@/components/ui/banner";
import { StatusBadge } from "@/components/ui/status-badge";
import { format } from "@/lib/i18n";
import { loadDocumentPage } from "@/lib/portal/document-page";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { documentStatusLabel } from "@/lib/i18n/document-status";
import { creditNotesOf, modifiedBy } from "@/lib/server/credit-notes";

type Props = { params: Promise<{ ecf: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ecf } = await params;
  return pageTitle(() => ecf.toUpperCase().slice(0, 20));
}

/** One of the company's documents in the header's environment: /documents/E310000000001. */
export default async function DocumentPage({ params }: Props) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const ecf = (await params).ecf.toUpperCase().slice(0, 20);
  const [view, modifies, creditNotes] = await Promise.all([
    loadDocumentPage(auth.accountId, environment, ecf),
    modifiedBy(auth.accountId, environment, ecf),
    creditNotesOf(auth.accountId, environment, ecf),
  ]);
  return (
    <>
      <p>
        <Link href="/documents">{t.documentPage.back}</Link>
      </p>
      <div className="page-header">
        <h1 className="mono">{ecf}</h1>
        {view ? (
          <StatusBadge
            status={view.document.status}
            label={documentStatusLabel(t.status, view.document.status)}
          />
        ) : null}
      </div>
      {view ? <CreditNoteLinks modifies={modifies} creditNotes={creditNotes} t={t} locale={locale} /> : null}
      {view ? (
        <DocumentDetail view={view} t={t} locale={locale} />
      ) : (
        <Banner tone="warning" testId="document-not-found">
          <p>{format(t.documentPage.notFound, { ncf: ecf, environment: t.environments[environment] })}</p>
        </Banner>
      )}
    </>
  );
}
