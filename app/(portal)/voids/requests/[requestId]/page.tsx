import type { Metadata } from "next";

import { RequestDecision } from "@/components/approvals/request-decision";
import { RequestStatusBadge } from "@/components/approvals/request-parts";
import { RequestXmlPreview } from "@/components/approvals/request-xml-preview";
import { Banner } from "@/components/ui/banner";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FocusOnMount } from "@/components/void-tool/focus-on-mount";
import { RangesTable } from "@/components/voids/partial-void-parts";
import { ReasonFacts } from "@/components/voids/void-reason";
import { ecfTypeName, isEcfType } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import { decisionRefusal } from "@/lib/domain/void-requests";
import { format, formatNumber } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { findAccountVoidRequest } from "@/lib/portal/find-void-request";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { requestCheckSentences, requestChecksNote, requestXmlNote } from "@/lib/portal/void-request-view";

type Props = {
  params: Promise<{ requestId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The XML preview is built in the browser: up to this many ranges (the tool's own page handles more). */
const PREVIEW_MAX_RANGES = 1_000;

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.approvals.detail.title);
}

/**
 * One void request: ranges, reason, the checks made when it was asked, the XML it stands for, who
 * asked and when it expires, and its status. An approver other than the requester approves (the void
 * is signed and sent, then its result page opens) or rejects it with a reason.
 */
export default async function VoidRequestPage({ params, searchParams }: Props) {
  const auth = await requirePageAuth();
  const { t, locale } = await getI18n();
  const { requestId } = await params;
  const query = await searchParams;
  const d = t.approvals.detail;
  const request = await findAccountVoidRequest(
    auth.accountId,
    requestId,
    typeof query.env === "string" ? query.env : undefined,
  );
  if (!request) {
    return (
      <>
        <h1>{d.title}</h1>
        <Banner tone="warning" role="alert">
          <p>{format(d.notFound, { requestId })}</p>
        </Banner>
        <ButtonLink href="/voids/requests">{d.backToList}</ButtonLink>
      </>
    );
  }
  const refusal = decisionRefusal(request, auth.userId, auth.roles);
  const own = request.requestedByUserId === auth.userId;
  const pending = request.status === "Pendiente";
  const perType = new Map<string, number>();
  for (const range of request.ranges)
    perType.set(range.tipoeCF, (perType.get(range.tipoeCF) ?? 0) + range.cantidad);
  const environmentName = t.environments[request.environment];
  const warnings = request.checks.warnings;
  return (
    <>
      <FocusOnMount testId="void-request">
        <div className="page-header">
          <div>
            <h1>{d.title}</h1>
            <RequestStatusBadge status={request.status} t={t.approvals} testId="void-request-status" />
          </div>
          <ButtonLink href="/voids/requests">{d.backToList}</ButtonLink>
        </div>
      </FocusOnMount>
      {query.created === "1" && own && pending ? (
        <Banner tone="success" role="status" testId="void-request-created">
          <p>{d.created}</p>
        </Banner>
      ) : null}
      <Banner tone={pending ? "warning" : request.status === "Rechazada" ? "danger" : "info"}>
        <p data-testid="void-request-meaning">{d.statusMeaning[request.status]}</p>
        {request.status === "Rechazada" && request.rejectionReason ? (
          <p data-testid="void-request-rejection">
            <strong>{d.rejectionReason}:</strong> {request.rejectionReason}
          </p>
        ) : null}
        {request.voidId ? (
          <p>
            <ButtonLink href={`/voids/${request.voidId}?env=${request.environment}`} small variant="primary">
              {d.openVoid}
            </ButtonLink>
          </p>
        ) : null}
      </Banner>
      {pending && request.lastError ? (
        <Banner tone="danger" title={d.lastError} testId="void-request-last-error">
          <p>
            {format(d.lastErrorBy, {
              who: request.lastError.by,
              date: formatFechaHora(request.lastError.at),
              message: errorMessage(
                { code: request.lastError.code, message: request.lastError.message },
                locale,
              ),
            })}
          </p>
        </Banner>
      ) : null}
      {pending && refusal === null ? (
        <RequestDecision
          requestId={request.requestId}
          environment={request.environment}
          environmentLabel={environmentName}
          totalVoided={request.totalVoided}
          requester={request.requestedBy}
          locale={locale}
          t={d}
          confirm={t.voidTool.confirm}
          network={t.voidTool.failure.network}
        />
      ) : pending ? (
        <p className="muted" data-testid="void-request-no-decision">
          {own ? d.ownRequest : d.notApprover}
        </p>
      ) : null}
      <Card title={d.summary}>
        <dl className="dl">
          <dt>{d.requestId}</dt>
          <dd className="mono" data-testid="void-request-id">
            {request.requestId}
          </dd>
          <dt>{d.environment}</dt>
          <dd data-testid="void-request-environment">{environmentName}</dd>
          <dt>{d.total}</dt>
          <dd data-testid="void-request-total">{formatNumber(request.totalVoided, locale)}</dd>
          <dt>{d.perType}</dt>
          <dd>
            {[...perType.entries()].sort().map(([tipo, count]) => (
              <div key={tipo}>
                {format(t.voidTool.result.typeCount, {
                  tipo,
                  name: isEcfType(tipo) ? ecfTypeName(tipo, locale) : "",
                  count: formatNumber(count, locale),
                })}
              </div>
            ))}
          </dd>
          <ReasonFacts reason={request.reason} t={t.voidReasons} />
          <dt>{d.fecha}</dt>
          <dd className={request.fechaHoraAnulacion ? "mono" : undefined}>
            {request.fechaHoraAnulacion ?? d.fechaAtApproval}
          </dd>
          <dt>{d.requestedBy}</dt>
          <dd data-testid="void-request-requested-by">{request.requestedBy}</dd>
          <dt>{d.requestedAt}</dt>
          <dd className="mono">{formatFechaHora(request.requestedAt)}</dd>
          {pending ? (
            <>
              <dt>{d.expiresAt}</dt>
              <dd className="mono" data-testid="void-request-expires">
                {formatFechaHora(request.expiresAt)}
              </dd>
            </>
          ) : null}
          {request.decidedBy ? (
            <>
              <dt>{d.decidedBy}</dt>
              <dd data-testid="void-request-decided-by">{request.decidedBy}</dd>
              <dt>{d.decidedAt}</dt>
              <dd className="mono">
                {request.decidedAt === null ? t.common.none : formatFechaHora(request.decidedAt)}
              </dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card title={d.checks} data-testid="void-request-checks">
        <p className="muted">{requestChecksNote(request.status, d)}</p>
        {requestCheckSentences(request.checks, request.ranges, d).map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
        {warnings.length === 0 ? null : (
          <>
            <p>
              <strong>{t.voidTool.warnings.outsideTitle}</strong>
            </p>
            <ul>
              {warnings.map((warning, index) => (
                <li key={index}>
                  {format(t.voidTool.warnings.outside, {
                    desde: warning.secuenciaDesde,
                    hasta: warning.secuenciaHasta,
                    count: formatNumber(warning.cantidad, locale),
                    tipo: warning.tipoeCF,
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      <Card title={`${d.ranges} (${formatNumber(request.ranges.length, locale)})`}>
        <RangesTable ranges={request.ranges} t={t.voidDetail} locale={locale} testId="void-request-ranges" />
        {request.ranges.length > PREVIEW_MAX_RANGES ? (
          <p className="muted">
            {format(d.rangesShown, {
              shown: formatNumber(PREVIEW_MAX_RANGES, locale),
              total: formatNumber(request.ranges.length, locale),
            })}
          </p>
        ) : null}
      </Card>
      <Card title={d.xml}>
        <p className="muted" data-testid="void-request-xml-note">
          {requestXmlNote(request.status, request.fechaHoraAnulacion !== null, d, t.voidTool.preview.note)}
        </p>
        {request.ranges.length <= PREVIEW_MAX_RANGES ? (
          <RequestXmlPreview
            rnc={auth.rnc}
            ranges={request.ranges.map(({ secuenciaDesde, secuenciaHasta }) => ({
              secuenciaDesde,
              secuenciaHasta,
            }))}
            fechaHoraAnulacion={request.fechaHoraAnulacion}
            locale={locale}
            label={t.voidTool.confirm.showXml}
            t={t.voidTool.preview}
          />
        ) : (
          <p>
            {format(d.xmlTooLarge, {
              max: formatNumber(PREVIEW_MAX_RANGES, locale),
              ranges: formatNumber(request.ranges.length, locale),
            })}
          </p>
        )}
      </Card>
    </>
  );
}
