"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/lib/domain/webhook-endpoint";
import { format, type Dictionary } from "@/lib/i18n";
import { replayWebhookDeliveryAction } from "@/lib/portal/actions/webhook-actions";

import { eventLabel } from "./event-label";

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  /** The answer's first characters, or the error when none came. */
  response: string;
  /** Formatted: the last attempt, or when the delivery was created. */
  at: string;
}

const TONE = { pending: "warning", delivered: "success", failed: "danger" } as const;

/** An endpoint's delivery log with a status filter, paging, and "Reenviar" on each delivery. */
export function WebhookDeliveryLog({
  endpointId,
  deliveries,
  canReplay,
  status,
  nextCursor,
  isFirstPage,
  t,
}: {
  endpointId: string;
  deliveries: DeliveryRow[];
  canReplay: boolean;
  status: string;
  nextCursor: string | null;
  isFirstPage: boolean;
  t: Dictionary["webhooks"];
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const d = t.detail;
  const base = `/settings/webhooks/${endpointId}`;
  const withStatus = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...(status ? { status } : {}), ...extra });
    const text = params.toString();
    return text ? `${base}?${text}` : base;
  };

  function replay(row: DeliveryRow) {
    startTransition(async () => {
      const result = await replayWebhookDeliveryAction(endpointId, row.id);
      setNotice(result);
      router.refresh();
    });
  }

  return (
    <div className="stack">
      <form className="row row-centered" method="get" action={base}>
        <SelectField
          label={d.filter}
          name="status"
          defaultValue={status}
          options={[
            { value: "", label: t.all },
            ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t.deliveryStatus[value] })),
          ]}
        />
        <div>
          <Button type="submit" variant="secondary" size="small">
            {d.apply}
          </Button>
        </div>
      </form>
      {notice ? (
        <Banner
          tone={notice.ok ? "success" : "danger"}
          role={notice.ok ? "status" : "alert"}
          testId="replay-result"
        >
          <p>{notice.message}</p>
        </Banner>
      ) : null}
      <Table caption={d.log} data-testid="delivery-log">
        <thead>
          <tr>
            <th scope="col">{d.columns.time}</th>
            <th scope="col">{d.columns.event}</th>
            <th scope="col">{d.columns.status}</th>
            <th scope="col" className="num">
              {d.columns.attempts}
            </th>
            <th scope="col" className="num">
              {d.columns.lastStatus}
            </th>
            <th scope="col" className="num">
              {d.columns.latency}
            </th>
            <th scope="col">{d.columns.response}</th>
            <th scope="col">{d.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.length === 0 ? (
            <tr>
              <td colSpan={8}>{d.emptyLog}</td>
            </tr>
          ) : (
            deliveries.map((row) => (
              <tr key={row.id} data-testid="delivery-row" data-event-id={row.eventId}>
                <td className="mono">{row.at}</td>
                <td>
                  {eventLabel(t, row.eventType)}
                  <div className="mono muted">{row.eventType}</div>
                </td>
                <td data-testid="delivery-status">
                  <Badge tone={TONE[row.status]}>{t.deliveryStatus[row.status]}</Badge>
                </td>
                <td className="num" data-testid="delivery-attempts">
                  {row.attempts}
                </td>
                <td className="num mono">{row.lastStatusCode ?? d.noResponse}</td>
                <td className="num mono">
                  {row.lastLatencyMs === null ? null : format(d.latencyMs, { ms: row.lastLatencyMs })}
                </td>
                <td className="mono-wrap">{row.response}</td>
                <td>
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={pending || !canReplay}
                    onClick={() => replay(row)}
                    aria-label={format(d.replayNamed, { event: row.eventType, date: row.at })}
                  >
                    {d.replay}
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <div className="row">
        {isFirstPage ? null : <Link href={withStatus({})}>{d.first}</Link>}
        {nextCursor ? <Link href={withStatus({ cursor: nextCursor })}>{d.next}</Link> : null}
      </div>
    </div>
  );
}
