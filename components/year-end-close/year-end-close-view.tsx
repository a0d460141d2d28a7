"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import type { z } from "zod";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { useConfirm } from "@/components/ui/use-confirm";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import type { Locale } from "@/lib/domain/locale";
import {
  confirmYearEndCloseAction,
  decideYearEndCloseAction,
  startYearEndCloseAction,
} from "@/lib/portal/actions/year-end-close-actions";
import type { yearEndCloseSchema } from "@/lib/schemas/year-end-close";

type YearEndClose = z.infer<typeof yearEndCloseSchema>;
type Company = YearEndClose["companies"][number];

/** dd-mm-aaaa in Santo Domingo. */
function day(ms: number): string {
  const iso = santoDomingoDate(ms);
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

const TONE: Record<Company["state"], "neutral" | "warning" | "success" | "danger" | "info"> = {
  empty: "neutral",
  awaiting_confirmation: "warning",
  awaiting_approval: "warning",
  approved: "info",
  rejected: "neutral",
  sending: "info",
  done: "success",
  blocked: "danger",
};

/**
 * One year-end close on one screen: each company with its proposal and what was checked, its
 * confirmation and decision, then the progress and the summary (refreshed while it sends).
 */
export function YearEndCloseView({
  close,
  canStart,
  locale,
  t,
}: {
  close: YearEndClose;
  canStart: boolean;
  locale: Locale;
  t: Dictionary["yearEndClose"];
}) {
  const router = useRouter();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const [confirmDialog, askConfirm] = useConfirm();
  const sending = close.status === "sending";

  // While the worker sends, the page follows it.
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => router.refresh(), 3_000);
    return () => clearInterval(timer);
  }, [sending, router]);

  function run(call: () => Promise<{ ok: boolean; message: string }>) {
    startTransition(async () => {
      setResult(await call());
      router.refresh();
    });
  }
  const ids = (company: Company) => ({
    environment: close.environment,
    closeId: close.id,
    companyId: company.accountId,
  });

  async function confirmStopped(company: Company) {
    const yes = await askConfirm({
      title: t.confirmStopped,
      message: format(t.confirmStoppedQuestion, { company: company.name }),
      confirmLabel: t.confirmStopped,
      cancelLabel: t.cancel,
      danger: true,
      confirmTestId: "year-end-close-confirm-yes",
    });
    if (yes) run(() => confirmYearEndCloseAction(ids(company)));
  }

  async function start() {
    const yes = await askConfirm({
      title: t.start,
      message: t.startQuestion,
      confirmLabel: t.start,
      cancelLabel: t.cancel,
      danger: true,
      confirmTestId: "year-end-close-start-yes",
    });
    if (yes) run(() => startYearEndCloseAction({ environment: close.environment, closeId: close.id }));
  }

  const undecided = close.companies.some(
    (company) => company.state === "awaiting_confirmation" || company.state === "awaiting_approval",
  );
  return (
    <div className="stack" data-testid="year-end-close">
      <h2>{format(t.campaignOf, { year: String(close.year), environment: close.environment })}</h2>
      <p className="muted">
        <Badge tone={close.status === "done" ? "success" : close.status === "sending" ? "info" : "warning"}>
          <span data-testid="year-end-close-status">{t.status[close.status]}</span>
        </Badge>{" "}
        {format(t.createdBy, { by: close.createdBy, date: day(close.createdAt) })}
      </p>
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="year-end-close-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <Table caption={t.title} cards>
        <thead>
          <tr>
            <th scope="col">{t.columns.company}</th>
            <th scope="col">{t.columns.state}</th>
            <th scope="col">{t.columns.ranges}</th>
            <th scope="col">{t.columns.checks}</th>
            <th scope="col">{t.columns.decision}</th>
          </tr>
        </thead>
        <tbody>
          {close.companies.map((company) => (
            <tr key={company.accountId} data-testid={`year-end-close-company-${company.rnc}`}>
              <td data-label={t.columns.company}>
                <strong>{company.name}</strong>
                <br />
                <span className="muted">{company.rnc}</span>
              </td>
              <td data-label={t.columns.state}>
                <Badge tone={TONE[company.state]}>
                  <span data-testid="year-end-close-company-state">{t.state[company.state]}</span>
                </Badge>
                {company.blockedReason ? (
                  <p>{t.blocked[company.blockedReason as keyof typeof t.blocked] ?? company.blockedReason}</p>
                ) : null}
              </td>
              <td data-label={t.columns.ranges}>
                <p>
                  {plural(t.rangesCount, company.rangeCount, locale, {
                    sequences: formatNumber(company.sequences, locale),
                  })}
                </p>
                <ul>
                  {company.ranges.slice(0, 5).map((range) => (
                    <li key={range.secuenciaDesde}>
                      {range.secuenciaDesde}–{range.secuenciaHasta} · {t.kind[range.kind]}
                      {range.expiresOn ? ` (${range.expiresOn})` : ""}
                    </li>
                  ))}
                </ul>
                {company.withheld.map((entry, index) => (
                  <p key={index} className="muted">
                    {entry.serie}
                    {entry.tipoeCF}
                    {entry.secuenciaDesde ? ` ${entry.secuenciaDesde}–${entry.secuenciaHasta}` : ""}:{" "}
                    {t.withheld[entry.reason]}
                  </p>
                ))}
              </td>
              <td data-label={t.columns.checks}>
                {company.ranges[0] ? (
                  <p>
                    {format(t.checked, {
                      mark: day(company.ranges[0].checked.coverageMark),
                      hours: String(company.ranges[0].checked.quietPeriodHours),
                      dgii: company.ranges.some((range) => range.checked.dgii === "never-received")
                        ? t.dgiiNever
                        : t.dgiiNotNeeded,
                      certificate:
                        company.certificateNotAfter === null
                          ? t.noCertificate
                          : format(t.certificateUntil, { date: day(company.certificateNotAfter) }),
                    })}
                  </p>
                ) : null}
                {company.approvalRequired ? <p className="muted">{t.approverNeeded}</p> : null}
              </td>
              <td data-label={t.columns.decision}>
                {company.confirmedBy ? <p>{format(t.confirmedBy, { by: company.confirmedBy })}</p> : null}
                {company.decidedBy ? <p>{format(t.decidedBy, { by: company.decidedBy })}</p> : null}
                {close.status === "proposed" && company.state === "awaiting_confirmation" ? (
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={pending}
                    onClick={() => void confirmStopped(company)}
                    data-testid="year-end-close-confirm"
                  >
                    {t.confirmStopped}
                  </Button>
                ) : null}
                {close.status === "proposed" && company.state === "awaiting_approval" ? (
                  <div className="row">
                    <Button
                      size="small"
                      disabled={pending}
                      onClick={() =>
                        run(() => decideYearEndCloseAction({ ...ids(company), decision: "approve" }))
                      }
                      data-testid="year-end-close-approve"
                    >
                      {t.approve}
                    </Button>{" "}
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      onClick={() =>
                        run(() => decideYearEndCloseAction({ ...ids(company), decision: "reject" }))
                      }
                      data-testid="year-end-close-reject"
                    >
                      {t.reject}
                    </Button>
                  </div>
                ) : null}
                {company.chunks.length > 0 ? (
                  <ul>
                    {company.chunks.map((chunk) => (
                      <li key={chunk.index}>
                        {chunk.voidId ? (
                          <a href={`/voids/${chunk.voidId}`}>{chunk.voidId.slice(0, 8)}</a>
                        ) : (
                          t.voids
                        )}
                        {": "}
                        {chunk.status === "withdrawn" || chunk.status === "refused"
                          ? (chunk.message ?? t.chunkStatus[chunk.status])
                          : chunk.status}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {canStart && close.status === "proposed" ? (
        <div>
          <Button
            variant="danger"
            disabled={pending || undecided}
            onClick={() => void start()}
            data-testid="year-end-close-start"
          >
            {t.start}
          </Button>
        </div>
      ) : null}
      {close.status !== "proposed" ? (
        <Card title={t.summaryTitle}>
          <p data-testid="year-end-close-progress">
            {format(t.progress, {
              finished: String(close.progress.finished),
              total: String(close.progress.total),
            })}
          </p>
          <progress value={close.progress.finished} max={Math.max(1, close.progress.total)} />
          <dl className="stack" data-testid="year-end-close-summary">
            {(Object.keys(t.summary) as Array<keyof typeof t.summary>).map((key) => (
              <div key={key} data-testid={`year-end-close-summary-${key}`}>
                <dt>{t.summary[key]}</dt>
                <dd>{close.summary[key]}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      {confirmDialog}
    </div>
  );
}
