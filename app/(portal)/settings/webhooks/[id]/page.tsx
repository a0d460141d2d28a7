import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { WebhookDeliveryLog } from "@/components/webhooks/webhook-delivery-log";
import { eventLabel } from "@/components/webhooks/event-label";
import { formatFechaHora } from "@/lib/domain/fecha";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/lib/domain/webhook-endpoint";
import { isAppError } from "@/lib/errors";
import { format } from "@/lib/i18n";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { listWebhookDeliveries } from "@/lib/server/webhooks/endpoint-deliveries";
import { getWebhookEndpoint } from "@/lib/server/webhooks/endpoints";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.webhooks.detail.log);
}

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PAGE_SIZE = 25;

/** One webhook of the portal's environment and its delivery log, each delivery with "Reenviar". */
export default async function WebhookDetailPage({ params, searchParams }: Props) {
  const auth = await requirePageAuth();
  const { t, environment } = await getI18n();
  if (!mayTake(auth, "webhooks.manage")) {
    return (
      <Banner tone="warning" role="alert" testId="no-access">
        <p>{t.common.noAccess}</p>
      </Banner>
    );
  }
  const { id } = await params;
  const query = await searchParams;
  const status = (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(String(query.status))
    ? (query.status as WebhookDeliveryStatus)
    : undefined;
  const cursor = typeof query.cursor === "string" && query.cursor.length < 500 ? query.cursor : undefined;
  const scope = { auth, environment };
  let endpoint;
  let page;
  try {
    endpoint = await getWebhookEndpoint(scope, id);
    page = await listWebhookDeliveries(scope, id, { status, limit: PAGE_SIZE, nextToken: cursor });
  } catch (error) {
    if (isAppError(error) && error.status === 404) notFound();
    if (isAppError(error) && error.code === "INVALID_NEXT_TOKEN") {
      page = await listWebhookDeliveries(scope, id, { status, limit: PAGE_SIZE });
      endpoint = await getWebhookEndpoint(scope, id);
    } else {
      throw error;
    }
  }
  const w = t.webhooks;
  return (
    <>
      <div>
        <ButtonLink href="/settings/webhooks" variant="secondary" small>
          {w.detail.back}
        </ButtonLink>
      </div>
      <Card title={format(w.detail.title, { url: endpoint.url })} data-testid="webhook-detail">
        <dl className="dl">
          <dt>{w.columns.state}</dt>
          <dd data-testid="webhook-detail-state">{w.states[endpoint.state]}</dd>
          <dt>{w.columns.events}</dt>
          <dd>
            {endpoint.eventTypes.length === 0
              ? w.all
              : endpoint.eventTypes.map((type) => eventLabel(w, type)).join(", ")}
          </dd>
          {endpoint.description ? (
            <>
              <dt>{w.description}</dt>
              <dd>{endpoint.description}</dd>
            </>
          ) : null}
          <dt>{w.detail.createdBy}</dt>
          <dd>{endpoint.createdBy ?? t.common.none}</dd>
          <dt>{w.detail.createdAt}</dt>
          <dd className="mono">{formatFechaHora(endpoint.createdAt)}</dd>
        </dl>
      </Card>
      <Card title={w.detail.log}>
        <p className="muted">{w.detail.logIntro}</p>
        <WebhookDeliveryLog
          endpointId={endpoint.id}
          canReplay={endpoint.state === "active"}
          status={status ?? ""}
          nextCursor={page.nextToken ?? null}
          isFirstPage={cursor === undefined}
          t={w}
          deliveries={page.items.map((delivery) => ({
            id: delivery.id,
            eventId: delivery.eventId,
            eventType: delivery.eventType,
            status: delivery.status,
            attempts: delivery.attempts,
            lastStatusCode: delivery.lastStatusCode,
            lastLatencyMs: delivery.lastLatencyMs,
            response: (delivery.lastResponseExcerpt ?? delivery.lastError ?? "").slice(0, 200),
            at: formatFechaHora(delivery.lastAttemptAt ?? delivery.createdAt),
          }))}
        />
      </Card>
    </>
  );
}
