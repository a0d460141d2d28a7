import type { Metadata } from "next";
import Link from "next/link";

import { AutoRefresh } from "@/components/voids/auto-refresh";
import { Banner } from "@/components/ui/banner";
import { ErrorDetail } from "@/components/voids/error-cause";
import { ExceptedRangesCard } from "@/components/voids/partial-void-parts";
import { ReasonFacts } from "@/components/voids/void-reason";
import { SimulatedNotice } from "@/components/voids/simulated-notice";
import { VoidStatusExplanation } from "@/components/voids/void-status-explanation";
import { VoidSettleSection } from "@/components/voids/settle/void-settle-section";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { Pager } from "@/components/ui/pager";
import { Table } from "@/components/ui/table";
import { ecfTypeName, isEcfType } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { voidStatusLabel } from "@/lib/i18n/void-status";
import { getI18n } from "@/lib/portal/i18n";
import { pageOf, readPageNumber } from "@/lib/portal/page-of";
import { pageTitle } from "@/lib/portal/page-title";
import { findAccountVoid } from "@/lib/portal/find-void-any-environment";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { voidApprovalOf } from "@/lib/portal/void-approval";
import { loadDgiiQuestions, loadVoidSettlement, statusFactsOf } from "@/lib/portal/void-settlement";
import { isSimulatedAnswer } from "@/lib/server/platform/taxauth/deployment-mode";
import type { VoidRecordView } from "@/lib/server/voids/types";

type Props = {
  params: Promise<{ voidId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const REFRESH_SECONDS = 10;
/**
 * Ranges per page: a void of 10,000 ranges is 100 pages of a screen or two each (all at once it was
 * 40,000 px tall, and 100,000 would be ~20 MB of HTML); all of them are one CSV download away.
 */
const RANGES_PER_PAGE = 100;

export async function generateMetadata({ params }: Pick<Props, "params">): Promise<Metadata> {
  const { voidId } = await params;
  return pageTitle((t) => format(t.voidDetail.title, { voidId }));
}

/** One void attempt: ranges, the authority's answer, timestamps, who sent it, the signed XML. */
export default async function VoidDetailPage({ params, searchParams }: Props) {
  const auth = await requirePageAuth();
  const { t, locale } = await getI18n();
  const { voidId } = await params;
  const query = await searchParams;
  const env = query.env;
  const record = await findAccountVoid(auth.accountId, voidId, typeof env === "string" ? env : undefined);
  if (!record) {
    return (
      <>
        <h1>{format(t.voidDetail.title, { voidId })}</h1>
        <Banner tone="warning" role="alert">
          <p>{format(t.voidDetail.notFound, { voidId })}</p>
        </Banner>
        <ButtonLink href="/voids">{t.voidDetail.backToHistory}</ButtonLink>
      </>
    );
  }
  const d = t.voidDetail;
  const [settling, facts, approval, simulated, questions] = await Promise.all([
    loadVoidSettlement(auth.accountId, record.voidId),
    statusFactsOf(auth.accountId, [record.voidId]),
    voidApprovalOf(auth.accountId, record.voidId),
    isSimulatedAnswer(record.createdAt),
    record.status === "Error" ? loadDgiiQuestions(auth.accountId, record.voidId) : undefined,
  ]);
  const a = t.approvals.voidFacts;
  const ranges = pageOf(record.ranges, readPageNumber(query.rangos), RANGES_PER_PAGE);
  const rangesHref = (page: number) =>
    `/voids/${record.voidId}?env=${record.environment}${page > 1 ? `&rangos=${page}` : ""}#rangos`;
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="mono-wrap">{format(d.title, { voidId: record.voidId })}</h1>
          <StatusBadge
            status={record.status}
            label={voidStatusLabel(t.voidStatus, record.status, {
              errorCode: record.errorCode,
              partial: !!record.excepted,
              settledBy: facts.get(record.voidId)?.settledBy,
              needsReview: facts.get(record.voidId)?.needsReview,
            })}
          />
        </div>
        <div className="row">
          <ButtonLink href={`/voids?env=${record.environment}`}>{d.backToHistory}</ButtonLink>
          <ButtonLink
            href={`/voids/${record.voidId}/xml?env=${record.environment}`}
            variant="primary"
            plain
            download
            data-testid="download-signed-xml"
          >
            {d.downloadXml}
          </ButtonLink>
        </div>
      </div>
      <SimulatedNotice simulated={simulated} t={d} />
      <StatusExplanation record={record} t={t} />
      <VoidSettleSection
        record={record}
        extension={settling}
        maySettle={mayTake(auth, "voids.settle")}
        t={t}
        locale={locale}
        questions={questions}
      />
      <Card title={d.summary}>
        <dl className="dl">
          <dt>{d.environment}</dt>
          <dd>{t.environments[record.environment]}</dd>
          <dt>{d.customerId}</dt>
          <dd className="mono">{record.customerId}</dd>
          <dt>{d.fechaHoraAnulacion}</dt>
          <dd className="mono">{record.fechaHoraAnulacion}</dd>
          <ReasonFacts reason={record.reason} t={t.voidReasons} />
          <dt>{d.totalVoided}</dt>
          <dd>{formatNumber(record.totalVoided, locale)}</dd>
          <dt>{d.fileName}</dt>
          <dd className="mono">{record.fileName}</dd>
          <dt>{d.createdAt}</dt>
          <dd className="mono">{formatFechaHora(record.createdAt)}</dd>
          <dt>{d.updateAt}</dt>
          <dd className="mono">{formatFechaHora(record.updateAt)}</dd>
          <dt>{d.createdBy}</dt>
          <dd>{record.createdBy ?? t.common.none}</dd>
          {approval ? (
            <>
              <dt>{a.requestedBy}</dt>
              <dd data-testid="void-requested-by">{approval.requestedBy}</dd>
              <dt>{a.approvedBy}</dt>
              <dd data-testid="void-approved-by">{approval.approvedBy}</dd>
              <dt>{a.approvedAt}</dt>
              <dd className="mono">{formatFechaHora(approval.approvedAt)}</dd>
              <dt>{a.request}</dt>
              <dd>
                <Link href={`/voids/requests/${approval.requestId}?env=${approval.environment}`}>
                  {a.openRequest}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card title={simulated ? d.authoritySimulated : d.authority}>
        {record.taxauthCode === null ? (
          <p>{d.noAnswer}</p>
        ) : (
          <dl className="dl">
            <dt>{d.taxauthCode}</dt>
            <dd className="mono">{record.taxauthCode}</dd>
            <dt>{d.taxauthName}</dt>
            <dd>{record.taxauthName}</dd>
            <dt>{d.messages}</dt>
            <dd>
              {record.taxauthResponse.length === 0 ? (
                d.noMessages
              ) : (
                <ul data-testid="taxauth-messages">
                  {record.taxauthResponse.map((message, index) => (
                    <li key={index}>{message}</li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
        )}
      </Card>
      <Card
        id="rangos"
        title={
          record.excepted
            ? format(t.voidStatus.partial.voided, { count: formatNumber(record.totalVoided, locale) })
            : `${d.ranges} (${formatNumber(record.ranges.length, locale)})`
        }
      >
        <Table cards data-testid="void-ranges">
          <thead>
            <tr>
              <th scope="col">{d.tipo}</th>
              <th scope="col">{d.desde}</th>
              <th scope="col">{d.hasta}</th>
              <th scope="col" className="num">
                {d.cantidad}
              </th>
            </tr>
          </thead>
          <tbody>
            {ranges.items.map((range, index) => (
              <tr key={ranges.from + index}>
                <td data-label={d.tipo} data-card="wide">
                  {range.tipoeCF}
                  {isEcfType(range.tipoeCF) ? ` · ${ecfTypeName(range.tipoeCF, locale)}` : ""}
                </td>
                <td className="mono" data-label={d.desde}>
                  {range.secuenciaDesde}
                </td>
                <td className="mono" data-label={d.hasta}>
                  {range.secuenciaHasta}
                </td>
                <td className="num" data-label={d.cantidad}>
                  {formatNumber(range.cantidad, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {ranges.pages > 1 ? (
          <Pager
            label={d.rangesPages}
            statusTestId="ranges-page-range"
            status={plural(d.rangesPageRange, ranges.total, locale, {
              from: formatNumber(ranges.from, locale),
              to: formatNumber(ranges.to, locale),
            })}
            first={ranges.page > 2 ? { href: rangesHref(1), label: t.voids.firstPage } : null}
            previous={
              ranges.page > 1
                ? {
                    href: rangesHref(ranges.page - 1),
                    label: t.voids.previousPage,
                    testId: "ranges-previous",
                  }
                : null
            }
            next={
              ranges.page < ranges.pages
                ? { href: rangesHref(ranges.page + 1), label: t.voids.nextPage, testId: "ranges-next" }
                : null
            }
          />
        ) : null}
        <div className="row row-centered spaced">
          <ButtonLink
            href={`/voids/${record.voidId}/ranges?env=${record.environment}`}
            plain
            download
            small
            data-testid="download-ranges"
          >
            {d.downloadRanges}
          </ButtonLink>
        </div>
      </Card>
      {record.excepted ? (
        <ExceptedRangesCard
          voidId={record.voidId}
          environment={record.environment}
          excepted={record.excepted}
          totalExcepted={record.totalExcepted ?? 0}
          t={t}
          locale={locale}
        />
      ) : null}
    </>
  );
}

function StatusExplanation({ record, t }: { record: VoidRecordView; t: Dictionary }) {
  const d = t.voidDetail;
  return (
    <VoidStatusExplanation
      status={record.status}
      errorCode={record.errorCode}
      messages={record.taxauthResponse}
      t={t.voidStatus}
      testId={record.status === "Error" ? "error-explanation" : undefined}
    >
      {record.excepted ? <p>{t.voidStatus.partial.meaning}</p> : null}
      {record.status === "Error" ? (
        <>
          <p>
            {/* The reason in words ("sin respuesta de la DGII"), never the code's name. */}
            <strong>{d.errorCode}:</strong>{" "}
            <span data-testid="error-reason">{errorReason(record.errorCode, t)}</span>
            {record.errorMessage ? (
              <>
                {" · "}
                <strong>{d.errorMessage}:</strong>{" "}
                <ErrorDetail message={record.errorMessage} t={t.voidStatus} />
              </>
            ) : null}
          </p>
          {/* An interrupted send has nobody left waiting for DGII: nothing will change by itself. */}
          {record.errorCode === "INTERRUPTED" ? null : (
            <>
              <p className="muted">{d.watching}</p>
              <AutoRefresh seconds={REFRESH_SECONDS} />
            </>
          )}
        </>
      ) : null}
    </VoidStatusExplanation>
  );
}

function errorReason(errorCode: string | null, t: Dictionary): string {
  if (!errorCode) return t.common.none;
  return (
    (t.voidStatus.reasons as Record<string, string>)[errorCode] ??
    (t.appErrors as Record<string, string>)[errorCode] ??
    t.common.none
  );
}
