import Link from "next/link";
import { Fragment } from "react";

import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { ecfTypeLabel } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { format, formatCurrency, plural, type Dictionary } from "@/lib/i18n";
import type { AnswerView, DocumentPageView } from "@/lib/portal/document-page";
import { receivedLabel } from "@/lib/portal/document-view";
import { documentStatusLabel } from "@/lib/i18n/document-status";

import { DeadlineNote } from "./deadline-note";

export interface DocumentDetailProps {
  view: DocumentPageView;
  t: Dictionary;
  locale: Locale;
}

/**
 * A document's page: where it stands, its downloads (the signed XML, the RFCE, the printed
 * representation), how its status moved, DGII's answers in words, people's decisions with their
 * evidence, and the events and webhook deliveries about it.
 */
export function DocumentDetail({ view, t, locale }: DocumentDetailProps) {
  return (
    <>
      <Facts view={view} t={t} locale={locale} />
      <Downloads view={view} t={t.documentPage} />
      <RemedyLink ncf={view.document.ncf} t={t.remedy} />
      <History view={view} t={t} />
      <Answers answers={view.answers} t={t.documentPage} />
      {view.decisions.length > 0 ? <Decisions view={view} t={t.documentPage} /> : null}
      <Events view={view} t={t} locale={locale} />
    </>
  );
}

function statusLabel(t: Dictionary, status: string): string {
  return documentStatusLabel(t.status, status);
}

function Facts({ view, t, locale }: DocumentDetailProps) {
  const d = view.document;
  const f = t.documents.fields;
  const p = t.documentPage;
  const rows: Array<[string, string | null, string?]> = [
    [t.documentList.columns.tipo, ecfTypeLabel(d.tipo, locale)],
    [f.source, t.documents.sources[d.source]],
    [f.buyerRnc, d.buyerRnc, "mono"],
    [f.invoiceTotal, d.invoiceTotal === null ? null : formatCurrency(d.invoiceTotal, locale)],
    [p.issuedAt, d.issuedAt === null ? null : formatFechaHora(d.issuedAt), "mono"],
    [p.signedDate, d.signedDate, "mono"],
    [f.createdAt, formatFechaHora(d.createdAt), "mono"],
    [f.updateAt, formatFechaHora(d.updateAt), "mono"],
    [f.checkedAt, d.checkedAt === null ? t.documents.neverChecked : formatFechaHora(d.checkedAt), "mono"],
    [p.trackId, d.trackId, "mono"],
    [f.securityCode, d.securityCode, "mono"],
    [f.fileName, d.fileName, "mono"],
    [f.customerReceived, receivedLabel(d.customerReceived, t.finding.documents.received)],
    [
      p.reviewReason,
      d.reviewReason ? (t.voidSettle.issued.reasons[d.reviewReason as "NO_VERDICT"] ?? d.reviewReason) : null,
    ],
  ];
  return (
    <Card title={p.facts} data-testid="document-facts">
      <dl className="dl">
        <dt>{f.status}</dt>
        <dd>
          <StatusBadge status={d.status} label={statusLabel(t, d.status)} />
          {view.deadline ? <DeadlineNote deadline={view.deadline} t={t.contingency.deadline} /> : null}
        </dd>
        {rows
          .filter(([, value]) => value !== null && value !== "")
          .map(([label, value, className]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd className={className}>{value}</dd>
            </Fragment>
          ))}
        {d.qrUrl ? (
          <>
            <dt>{f.qr}</dt>
            <dd>
              <a href={d.qrUrl} target="_blank" rel="noopener noreferrer" data-testid="qr-link">
                {t.documents.openQr}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

function Downloads({ view, t }: { view: DocumentPageView; t: Dictionary["documentPage"] }) {
  const d = view.document;
  const base = `/documents/${d.ncf}`;
  return (
    <Card title={t.downloads} data-testid="document-downloads">
      {d.hasSignedXml ? (
        <div className="row">
          <ButtonLink href={`${base}/pdf`} plain download small data-testid="download-pdf">
            {t.pdfLetter}
          </ButtonLink>
          <ButtonLink
            href={`${base}/pdf?layout=receipt`}
            plain
            download
            small
            data-testid="download-pdf-receipt"
          >
            {t.pdfReceipt}
          </ButtonLink>
          <ButtonLink href={`${base}/xml`} plain download small data-testid="download-xml">
            {t.xml}
          </ButtonLink>
          {d.hasSummary ? (
            <ButtonLink href={`${base}/xml?summary=true`} plain download small data-testid="download-summary">
              {t.summaryXml}
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <p className="muted">{t.noDownloads}</p>
      )}
    </Card>
  );
}

/** What to do with this number (void, credit note, issue again…): Secuencias → ¿Qué hago con este número?. */
function RemedyLink({ ncf, t }: { ncf: string; t: Dictionary["remedy"] }) {
  return (
    <Card title={t.documentCard} data-testid="document-remedy">
      <p>
        <Link href={`/sequences/remedy?encf=${encodeURIComponent(ncf)}`} data-testid="document-remedy-link">
          {t.documentLink}
        </Link>
      </p>
    </Card>
  );
}

/** The status changes, from the document.status_changed events (what webhooks and notifications got). */
function History({ view, t }: { view: DocumentPageView; t: Dictionary }) {
  const p = t.documentPage;
  const changes = view.document.events.filter((event) => event.type === "document.status_changed");
  return (
    <Card title={p.history} data-testid="document-history">
      {changes.length === 0 ? (
        <p className="muted">{p.historyEmpty}</p>
      ) : (
        <ol className="stack">
          {changes.map((event) => {
            const previous =
              typeof event.payload.previousStatus === "string" ? event.payload.previousStatus : null;
            const to = typeof event.payload.status === "string" ? event.payload.status : "";
            const via = event.payload.via as keyof typeof p.via | undefined;
            return (
              <li key={event.id} data-testid="history-entry" data-status={to}>
                <span className="mono">{formatFechaHora(event.createdAt)}</span> ·{" "}
                {previous
                  ? format(p.changed, { from: statusLabel(t, previous), to: statusLabel(t, to) })
                  : format(p.firstStatus, { to: statusLabel(t, to) })}
                {via && p.via[via] ? <span className="muted"> · {p.via[via]}</span> : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

function Answers({ answers, t }: { answers: AnswerView[]; t: Dictionary["documentPage"] }) {
  const f = t.answerFields;
  return (
    <Card title={t.answers} data-testid="document-answers">
      {answers.length === 0 ? (
        <p className="muted">{t.answersEmpty}</p>
      ) : (
        answers.map((answer, index) => (
          <section key={index} data-testid="dgii-answer" data-source={answer.source}>
            <h3>{t.answerSources[answer.source]}</h3>
            <dl className="dl">
              {answer.estado ? (
                <>
                  <dt>{f.estado}</dt>
                  <dd>{answer.estado}</dd>
                </>
              ) : null}
              {answer.trackId ? (
                <>
                  <dt>{f.trackId}</dt>
                  <dd className="mono">{answer.trackId}</dd>
                </>
              ) : null}
              {answer.codigo ? (
                <>
                  <dt>{f.codigo}</dt>
                  <dd className="mono">{answer.codigo}</dd>
                </>
              ) : null}
              {answer.fechaRecepcion ? (
                <>
                  <dt>{f.fechaRecepcion}</dt>
                  <dd className="mono">{answer.fechaRecepcion}</dd>
                </>
              ) : null}
              {answer.secuenciaUtilizada !== null ? (
                <>
                  <dt>{f.secuenciaUtilizada}</dt>
                  <dd>{answer.secuenciaUtilizada ? t.yes : t.no}</dd>
                </>
              ) : null}
              {answer.messages.length > 0 ? (
                <>
                  <dt>{f.mensajes}</dt>
                  <dd>
                    <ul>
                      {answer.messages.map((message, position) => (
                        <li key={position}>{message}</li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
            </dl>
            <details>
              <summary>{f.raw}</summary>
              <pre className="mono">{answer.raw}</pre>
            </details>
          </section>
        ))
      )}
    </Card>
  );
}

function Decisions({ view, t }: { view: DocumentPageView; t: Dictionary["documentPage"] }) {
  return (
    <Card title={t.decisions} data-testid="document-decisions">
      <ul className="stack">
        {view.decisions.map((decision) => (
          <li key={decision.id} data-testid="document-decision" data-decision={decision.decision}>
            <p>
              {decision.decision === "received"
                ? format(t.decisionKinds.received, {
                    trackId: decision.trackId ?? "",
                    estado: decision.estado ?? "",
                  })
                : t.decisionKinds.resend}
            </p>
            <p className="muted">
              {format(t.decisionBy, { by: decision.by, at: formatFechaHora(decision.at) })}
            </p>
            <p>{decision.note}</p>
            {decision.evidence ? (
              <ButtonLink
                href={`/documents/${view.document.ncf}/decisions/${decision.id}/evidence`}
                plain
                download
                small
                data-testid="decision-evidence"
              >
                {format(t.evidence, { fileName: decision.evidence.fileName })}
              </ButtonLink>
            ) : (
              <p className="muted">{t.noEvidence}</p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Events({ view, t, locale }: { view: DocumentPageView; t: Dictionary; locale: Locale }) {
  const p = t.documentPage;
  const c = p.eventColumns;
  return (
    <Card title={p.events} data-testid="document-events">
      {view.document.events.length === 0 ? (
        <p className="muted">{p.eventsEmpty}</p>
      ) : (
        <Table caption={p.events} cards>
          <thead>
            <tr>
              <th scope="col">{c.at}</th>
              <th scope="col">{c.type}</th>
              <th scope="col">{c.status}</th>
              <th scope="col">{c.deliveries}</th>
            </tr>
          </thead>
          <tbody>
            {view.document.events.map((event) => {
              const deliveries = view.deliveries.get(event.id) ?? [];
              const status = typeof event.payload.status === "string" ? event.payload.status : "";
              return (
                <tr key={event.id} data-testid="document-event">
                  <td className="mono" data-label={c.at} data-card="first">
                    {formatFechaHora(event.createdAt)}
                  </td>
                  <td className="mono" data-label={c.type}>
                    {event.type}
                  </td>
                  <td data-label={c.status}>{status ? statusLabel(t, status) : ""}</td>
                  <td data-label={c.deliveries} data-card="wide">
                    {deliveries.length === 0 ? (
                      p.noDeliveries
                    ) : (
                      <ul>
                        {deliveries.map((delivery) => (
                          <li key={delivery.id} data-testid="event-delivery">
                            {plural(p.delivery, delivery.attempts, locale, {
                              url: delivery.endpointUrl,
                              status: p.deliveryStatus[delivery.status],
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
