import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { ofvSearchDates } from "@/lib/domain/ofv-search";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import type { VoidDgiiQuestion } from "@/lib/domain/void-dgii-question";
import type { EvidenceView, SettlementExtension } from "@/lib/domain/void-settlement";

import { ErrorCause } from "../error-cause";

import { AskDgiiSection } from "./ask-dgii-section";
import { EvidenceLink } from "./evidence-link";

import { ResendButton } from "./resend-button";
import { SettleForm } from "./settle-form";
import styles from "./settle.module.css";

/** How many ranges the OFV steps list (the rest are in the ranges CSV). */
const LISTED_RANGES = 20;

/** What the section needs of the record (the page has it). */
export interface SettleRecord {
  voidId: string;
  environment: "TesteCF" | "CerteCF" | "eCF";
  customerId: string;
  status: "Aceptado" | "Rechazado" | "Error";
  fechaHoraAnulacion: string;
  createdAt: number;
  ranges: ReadonlyArray<{ secuenciaDesde: string; secuenciaHasta: string; cantidad: number }>;
}

export interface VoidSettleSectionProps {
  record: SettleRecord;
  /** The record's settling extension (lib/portal/void-settlement.ts loads it). */
  extension: SettlementExtension | undefined;
  /** The person may settle (approver): the form and the resend are shown. */
  maySettle: boolean;
  t: Dictionary;
  locale: Locale;
  /** "Consultar a la DGII": the answers stored as evidence (lib/portal/void-settlement.ts loads them). */
  questions?: { files: EvidenceView[]; latest: VoidDgiiQuestion | null };
}

/**
 * A void's settling on its page: for an Error record the three ways out (check with DGII's OFV,
 * record the outcome, resend the same signed document); for a settled one its settlement; and
 * every extra exchange with DGII (resends, late answers), with the review flag.
 */
export function VoidSettleSection({
  record,
  extension,
  maySettle,
  t,
  locale,
  questions,
}: VoidSettleSectionProps) {
  if (!extension) return null;
  const s = t.voidSettle;
  return (
    <>
      {extension.needsReview ? (
        <Banner tone="warning" role="status" title={s.review.flag} testId="needs-review">
          <p>{s.review.banner}</p>
        </Banner>
      ) : null}
      {record.status === "Error" && extension.settlement === null ? (
        <Card title={s.ways.title} data-testid="settle-ways">
          <div className={styles.ways}>
            <VerifySteps record={record} t={s} locale={locale} />
            <AskDgiiSection
              voidId={record.voidId}
              environment={record.environment}
              files={questions?.files ?? []}
              latest={questions?.latest ?? null}
              mayAsk={maySettle}
              t={s.askDgii}
            />
            {extension.sending ? (
              <Banner tone="info" role="status" testId="settle-blocked">
                <p>{s.ways.blocked}</p>
              </Banner>
            ) : maySettle ? (
              <>
                <section aria-labelledby="settle-title">
                  <h3 id="settle-title">{s.settle.title}</h3>
                  <SettleForm voidId={record.voidId} environment={record.environment} t={s.settle} />
                </section>
                <section aria-labelledby="resend-title">
                  <h3 id="resend-title">{s.resend.title}</h3>
                  <ResendButton
                    voidId={record.voidId}
                    environment={record.environment}
                    production={record.environment === "eCF"}
                    t={s.resend}
                    cancel={t.common.cancel}
                  />
                </section>
              </>
            ) : (
              <p className="muted">{s.ways.approverOnly}</p>
            )}
          </div>
        </Card>
      ) : null}
      {extension.settlement ? <Settlement record={record} extension={extension} t={t} /> : null}
      {extension.attempts.length > 0 ? <Attempts extension={extension} t={t} /> : null}
    </>
  );
}

/** "Verificar en la DGII": the steps in DGII's OFV, from the record's data. */
function VerifySteps({
  record,
  t,
  locale,
}: {
  record: SettleRecord;
  t: Dictionary["voidSettle"];
  locale: Locale;
}) {
  const steps = t.verify.steps;
  const dates = ofvSearchDates(record.fechaHoraAnulacion, record.createdAt);
  const more = record.ranges.length - LISTED_RANGES;
  return (
    <section aria-labelledby="verify-title" data-testid="verify-steps">
      <h3 id="verify-title">{t.verify.title}</h3>
      <ol className={styles.steps}>
        <li>{format(steps.signIn, { rnc: record.customerId })}</li>
        <li>{steps.page}</li>
        <li>{format(steps.environment, { environment: record.environment })}</li>
        <li>
          {format(steps.dates, {
            from: dates.from,
            to: dates.to,
            fecha: record.fechaHoraAnulacion,
            sent: formatFechaHora(record.createdAt),
          })}
        </li>
        <li>
          {steps.ranges}
          <ul className={styles.ranges}>
            {record.ranges.slice(0, LISTED_RANGES).map((range, index) => (
              <li key={index} className="mono">
                {format(steps.range, {
                  desde: range.secuenciaDesde,
                  hasta: range.secuenciaHasta,
                  cantidad: formatNumber(range.cantidad, locale),
                })}
              </li>
            ))}
            {more > 0 ? <li>{plural(steps.moreRanges, more, locale)}</li> : null}
          </ul>
        </li>
        <li>{steps.decide}</li>
        <li>{steps.evidence}</li>
      </ol>
    </section>
  );
}

function Settlement({
  record,
  extension,
  t,
}: {
  record: SettleRecord;
  extension: SettlementExtension;
  t: Dictionary;
}) {
  const s = t.voidSettle.settlement;
  const settlement = extension.settlement!;
  return (
    <Card title={s.title} data-testid="settlement">
      <dl className="dl">
        <dt>{s.outcome}</dt>
        <dd>
          <StatusBadge status={settlement.outcome} label={t.voidStatus.labels[settlement.outcome]} />
        </dd>
        <dt>{s.by}</dt>
        <dd>{settlement.by ?? t.common.none}</dd>
        <dt>{s.at}</dt>
        <dd className="mono">{formatFechaHora(settlement.at)}</dd>
        <dt>{s.note}</dt>
        <dd data-testid="settlement-note">{settlement.note ?? t.common.none}</dd>
        <dt>{s.evidence}</dt>
        <dd>
          {settlement.evidence.length === 0
            ? s.noEvidence
            : settlement.evidence.map((file) => (
                <EvidenceLink
                  key={file.id}
                  voidId={record.voidId}
                  file={file}
                  label={format(s.download, { fileName: file.fileName })}
                  testId="evidence-download"
                />
              ))}
        </dd>
      </dl>
    </Card>
  );
}

function Attempts({ extension, t }: { extension: SettlementExtension; t: Dictionary }) {
  const a = t.voidSettle.attempts;
  return (
    <Card title={a.title} data-testid="attempts">
      <Table compact>
        <thead>
          <tr>
            <th scope="col">{a.number}</th>
            <th scope="col">{a.kind}</th>
            <th scope="col">{a.by}</th>
            <th scope="col">{a.startedAt}</th>
            <th scope="col">{a.outcome}</th>
            <th scope="col">{a.answer}</th>
            <th scope="col">{a.error}</th>
          </tr>
        </thead>
        <tbody>
          {extension.attempts.map((attempt) => (
            <tr key={attempt.attemptNumber} data-testid="attempt-row">
              <td>{attempt.attemptNumber}</td>
              <td>{a.kinds[attempt.kind]}</td>
              <td>{attempt.requestedBy ?? t.common.none}</td>
              <td className="mono">{formatFechaHora(attempt.startedAt)}</td>
              <td>
                {attempt.outcome ? (
                  <StatusBadge status={attempt.outcome} label={t.voidStatus.labels[attempt.outcome]} />
                ) : extension.sending ? (
                  a.pending
                ) : (
                  a.interrupted
                )}
              </td>
              <td>
                {attempt.taxauthCode === null
                  ? t.common.none
                  : [`${attempt.taxauthCode} ${attempt.taxauthName ?? ""}`, ...attempt.taxauthResponse].join(
                      " · ",
                    )}
              </td>
              <td>
                {attempt.errorCode ? (
                  <ErrorCause errorCode={attempt.errorCode} errorMessage={attempt.errorMessage} t={t} />
                ) : (
                  t.common.none
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
