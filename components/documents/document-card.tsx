import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { format, formatCurrency, type Dictionary } from "@/lib/i18n";
import Link from "next/link";
import type { ReactNode } from "react";

import { Banner } from "@/components/ui/banner";
import { receivedLabel, type DgiiAnswer, type DocumentView } from "@/lib/portal/document-view";
import { documentStatusLabel } from "@/lib/i18n/document-status";

export interface DocumentCardProps {
  document: DocumentView;
  t: Dictionary["documents"];
  received: Dictionary["finding"]["documents"]["received"];
  statusLabels: Dictionary["status"];
  locale: Locale;
  /** "Consultar de nuevo en la DGII", when the document came from there. */
  action?: ReactNode;
}

/**
 * One found document: status in colour and words, the key fields, where Anula got it and when DGII
 * was last asked (Santo Domingo time, like the other dates), and the DGII QR link.
 */
export function DocumentCard({ document, t, received, statusLabels, locale, action }: DocumentCardProps) {
  const f = t.fields;
  const label = documentStatusLabel(statusLabels, document.status);
  return (
    <Card as="article" data-testid="document-result" data-ncf={document.ncf} data-found="true">
      <div className="page-header">
        <h3 className="mono">{document.ncf}</h3>
        <StatusBadge status={document.status} label={label} />
      </div>
      {document.stale ? (
        <Banner tone="warning" testId="document-stale">
          <p>{t.stale}</p>
        </Banner>
      ) : null}
      <dl className="dl">
        {document.documentType ? (
          <>
            <dt>{f.documentType}</dt>
            <dd>{document.documentType}</dd>
          </>
        ) : null}
        {document.buyerRnc ? (
          <>
            <dt>{f.buyerRnc}</dt>
            <dd className="mono">{document.buyerRnc}</dd>
          </>
        ) : null}
        {document.invoiceTotal !== null ? (
          <>
            <dt>{f.invoiceTotal}</dt>
            <dd>{formatCurrency(document.invoiceTotal, locale)}</dd>
          </>
        ) : null}
        <dt>{f.createdAt}</dt>
        <dd className="mono">{formatFechaHora(document.createdAt)}</dd>
        <dt>{f.updateAt}</dt>
        <dd className="mono">{formatFechaHora(document.updateAt)}</dd>
        <dt>{f.source}</dt>
        <dd data-testid="document-source" data-source={document.source}>
          {t.sources[document.source]}
        </dd>
        <dt>{f.checkedAt}</dt>
        <dd className="mono" data-testid="document-checked-at">
          {document.checkedAt === null ? t.neverChecked : formatFechaHora(document.checkedAt)}
        </dd>
        {document.securityCode ? (
          <>
            <dt>{f.securityCode}</dt>
            <dd className="mono">{document.securityCode}</dd>
          </>
        ) : null}
        {document.fileName ? (
          <>
            <dt>{f.fileName}</dt>
            <dd className="mono">{document.fileName}</dd>
          </>
        ) : null}
        {document.customerReceived ? (
          <>
            <dt>{f.customerReceived}</dt>
            <dd>{receivedLabel(document.customerReceived, received)}</dd>
          </>
        ) : null}
        {document.qrUrl ? (
          <>
            <dt>{f.qr}</dt>
            <dd>
              <a href={document.qrUrl} target="_blank" rel="noopener noreferrer" data-testid="qr-link">
                {t.openQr}
              </a>
            </dd>
          </>
        ) : null}
        {document.messages.length > 0 ? (
          <>
            <dt>{f.messages}</dt>
            <dd>
              <ul>
                {document.messages.map((message, index) => (
                  <li key={index}>{message}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <p>
        <Link href={`/documents/${document.ncf}`} data-testid="document-page-link">
          {t.openPage}
        </Link>
      </p>
      {action}
    </Card>
  );
}

/**
 * An e-NCF that is not in the store: said plainly, never an empty card; with what DGII said of it
 * when asked (no submission listed, or no answer and why).
 */
export function NotFoundCard({
  ecf,
  environment,
  t,
  status = "No encontrado",
  statusLabel,
  voided,
  voidLink,
  dgii,
  action,
}: {
  ecf: string;
  environment: string;
  t: Dictionary["documents"];
  /** "No encontrado", or "Sin respuesta de la DGII": it selects the badge's look. */
  status?: string;
  statusLabel: string;
  /** The voided range that holds this number, if any (lib/portal/document-lookup.ts). */
  voided?: { text: string; href: string } | null;
  voidLink?: string;
  dgii?: DgiiAnswer | null;
  action?: ReactNode;
}) {
  return (
    <Card as="article" data-testid="document-result" data-ncf={ecf} data-found="false">
      <div className="page-header">
        <h3 className="mono">{ecf}</h3>
        <StatusBadge status={status} label={statusLabel} />
      </div>
      {voided ? (
        <Banner tone="warning" testId="voided-note">
          <p>{voided.text}</p>
          <p>
            <Link href={voided.href}>{voidLink}</Link>
          </p>
        </Banner>
      ) : (
        <p>{format(t.notFoundExplain, { ecf, environment })}</p>
      )}
      {dgii?.kind === "absent" ? <p data-testid="dgii-absent">{t.dgiiAbsent}</p> : null}
      {dgii?.kind === "unanswered" ? (
        <dl className="dl" data-testid="dgii-unanswered" data-reason={dgii.reason}>
          <dt>{t.fields.dgiiReason}</dt>
          <dd>{t.lookupReasons[dgii.reason]}</dd>
          {dgii.message ? (
            <>
              <dt>{t.fields.dgiiMessage}</dt>
              <dd>{dgii.message}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {action}
    </Card>
  );
}

/** An entry that is not an e-NCF: said as such, never "No encontrado". */
export function MalformedCard({ ecf, label, explain }: { ecf: string; label: string; explain: string }) {
  return (
    <Card as="article" data-testid="document-result" data-ncf={ecf} data-found="malformed">
      <div className="page-header">
        <h3 className="mono">{ecf}</h3>
        <StatusBadge status="Rechazado" label={label} />
      </div>
      <p>{explain}</p>
    </Card>
  );
}
