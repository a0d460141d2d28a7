import Link from "next/link";
import type { ReactNode } from "react";

import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { ErrorDetail } from "@/components/voids/error-cause";
import { ExceptedRangesCard, RangesTable } from "@/components/voids/partial-void-parts";
import { ReasonFacts } from "@/components/voids/void-reason";
import { SimulatedNotice } from "@/components/voids/simulated-notice";
import { VoidStatusExplanation } from "@/components/voids/void-status-explanation";
import { ecfTypeName, isEcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidReason } from "@/lib/domain/void-reasons";
import { format, formatNumber, getDictionary } from "@/lib/i18n";
import { voidStatusLabel, type VoidStatusFacts } from "@/lib/i18n/void-status";
import type { VoidRecordResponse } from "@/lib/schemas/void-ncf-responses";

import { FocusOnMount } from "./focus-on-mount";
import { SubmitWarningsNotice } from "./submit-warnings";
import { RangesByType, VoidReceipt } from "./void-receipt";

/** What the view shows of a stored attempt: fields of the public record, so any record that has them fits. */
type ShownVoid = Pick<
  VoidRecordResponse,
  | "voidId"
  | "status"
  | "environment"
  | "fechaHoraAnulacion"
  | "totalVoided"
  | "ranges"
  | "fileName"
  | "taxauthCode"
  | "taxauthName"
  | "taxauthResponse"
  | "errorMessage"
  | "excepted"
  | "totalExcepted"
  | "createdAt"
  | "createdBy"
> & { errorCode?: string | null; reason?: VoidReason | null };

interface VoidResultViewProps {
  record: ShownVoid | null;
  voidId: string;
  environment: Environment;
  locale: Locale;
  /** This page's own URL: reloading it reads the record again (never re-sends). */
  selfHref: string;
  /** The company the void was sent for, printed on the receipt. */
  company?: { name: string; rnc: string };
  /** How the record was settled since (a person, a resend) and whether a late answer disagrees. */
  settlement?: VoidStatusFacts;
  /** The DGII simulator answered it, not DGII (lib/server/platform/taxauth/deployment-mode.ts). */
  simulated?: boolean;
}

/** Status, voidId, fileName, the authority's answer, what an Error means and what to do (spec retry rules). */
export function VoidResultView({
  record,
  voidId,
  environment,
  locale,
  selfHref,
  company,
  settlement,
  simulated = false,
}: VoidResultViewProps) {
  const dictionary = getDictionary(locale);
  const t = dictionary.voidTool.result;
  if (!record) {
    return (
      <>
        <h1>{t.title}</h1>
        <Card role="alert">
          <p>
            {t.notFound} <span className="mono">{voidId}</span> ({environment})
          </p>
          <ButtonLink href="/tools/void-encf">{t.newVoid}</ButtonLink>
        </Card>
      </>
    );
  }
  const perType = new Map<string, number>();
  for (const range of record.ranges)
    perType.set(range.tipoeCF, (perType.get(range.tipoeCF) ?? 0) + range.cantidad);
  const statusLabel = voidStatusLabel(dictionary.voidStatus, record.status, {
    errorCode: record.errorCode,
    partial: !!record.excepted,
    ...settlement,
  });
  return (
    <>
      <FocusOnMount testId="void-result">
        <div className="page-header">
          <h1>{t.title}</h1>
          <StatusBadge status={record.status} label={statusLabel} testId="void-result-status" />
        </div>
      </FocusOnMount>
      <SimulatedNotice simulated={simulated} t={dictionary.voidDetail} />
      <VoidStatusExplanation
        status={record.status}
        errorCode={record.errorCode}
        messages={record.taxauthResponse}
        t={dictionary.voidStatus}
      >
        {record.excepted ? (
          <p data-testid="void-result-partial">{dictionary.voidStatus.partial.meaning}</p>
        ) : null}
        {record.status === "Error" ? (
          <>
            {record.errorMessage ? (
              <p>
                {t.detail} <ErrorDetail message={record.errorMessage} t={dictionary.voidStatus} />
              </p>
            ) : null}
            <p>
              <Link href={selfHref} prefetch={false}>
                {t.refresh}
              </Link>
            </p>
          </>
        ) : null}
      </VoidStatusExplanation>
      <SubmitWarningsNotice voidId={record.voidId} locale={locale} t={dictionary.voidTool.warnings} />
      <Card title={t.summary} data-status={record.status}>
        <dl className="dl">
          <dt>{t.voidId}</dt>
          <dd className="mono" data-testid="void-result-id">
            {record.voidId}
          </dd>
          <dt>{t.fileName}</dt>
          <dd className="mono">{record.fileName}</dd>
          <dt>{t.environment}</dt>
          <dd>{dictionary.environments[record.environment]}</dd>
          <dt>{t.fecha}</dt>
          <dd className="mono">{record.fechaHoraAnulacion}</dd>
          <ReasonFacts reason={record.reason} t={dictionary.voidReasons} />
          <dt>{t.total}</dt>
          <dd>{formatNumber(record.totalVoided, locale)}</dd>
          <dt>{t.perType}</dt>
          <dd>
            {[...perType.entries()].sort().map(([tipo, count]) => (
              <div key={tipo}>
                {format(t.typeCount, {
                  tipo,
                  name: isEcfType(tipo) ? ecfTypeName(tipo, locale) : "",
                  count: formatNumber(count, locale),
                })}
              </div>
            ))}
          </dd>
        </dl>
      </Card>
      {record.status !== "Aceptado" ? (
        // Rechazado or Error: DGII voided none of these, or nobody knows yet: no "anulados", no receipt.
        <Card
          title={record.status === "Rechazado" ? t.rangesRejectedTitle : t.rangesUnconfirmedTitle}
          data-testid="void-result-sent-ranges"
        >
          <p className="muted">
            {record.status === "Rechazado" ? t.rangesRejectedNote : t.rangesUnconfirmedNote}
          </p>
          <RangesByType ranges={record.ranges} locale={locale} />
        </Card>
      ) : record.excepted ? (
        <VoidReceiptOrNot
          company={company}
          record={record}
          statusLabel={statusLabel}
          locale={locale}
          totalExcepted={record.totalExcepted ?? 0}
        >
          <Card
            title={format(dictionary.voidStatus.partial.voided, {
              count: formatNumber(record.totalVoided, locale),
            })}
          >
            <RangesTable
              ranges={record.ranges}
              t={dictionary.voidDetail}
              locale={locale}
              testId="voided-ranges"
            />
          </Card>
          <ExceptedRangesCard
            voidId={record.voidId}
            environment={record.environment}
            excepted={record.excepted}
            totalExcepted={record.totalExcepted ?? 0}
            t={dictionary}
            locale={locale}
          />
        </VoidReceiptOrNot>
      ) : (
        <VoidReceiptOrNot company={company} record={record} statusLabel={statusLabel} locale={locale} />
      )}
      {record.status !== "Error" && (
        <Card title={t.authority}>
          {record.taxauthCode && (
            <p className="muted">
              {format(t.authorityCode, { code: record.taxauthCode, name: record.taxauthName ?? "" })}
            </p>
          )}
          {record.taxauthResponse.length > 0 ? (
            <ul data-testid="void-result-messages">
              {record.taxauthResponse.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t.noMessages}</p>
          )}
        </Card>
      )}
      <div className="row">
        <ButtonLink href={`/voids/${record.voidId}`}>{t.record}</ButtonLink>
        <ButtonLink href={`/voids/${record.voidId}/xml`} plain download={record.fileName}>
          {t.signedXml}
        </ButtonLink>
        <ButtonLink href="/tools/void-encf" variant="primary">
          {t.newVoid}
        </ButtonLink>
      </div>
    </>
  );
}

/**
 * What DGII voided, with the receipt to print when the page knows the company (its name and RNC go
 * on paper); without it, the same ranges with no receipt.
 */
function VoidReceiptOrNot({
  company,
  record,
  statusLabel,
  locale,
  totalExcepted,
  children,
}: {
  company?: { name: string; rnc: string };
  record: ShownVoid;
  statusLabel: string;
  locale: Locale;
  totalExcepted?: number;
  children?: ReactNode;
}) {
  if (company) {
    return (
      <VoidReceipt
        record={record}
        company={company}
        statusLabel={statusLabel}
        locale={locale}
        totalExcepted={totalExcepted}
      >
        {children}
      </VoidReceipt>
    );
  }
  if (children) return <>{children}</>;
  return (
    <Card title={getDictionary(locale).voidTool.result.rangesTitle} data-testid="void-result-ranges">
      <RangesByType ranges={record.ranges} locale={locale} />
    </Card>
  );
}
