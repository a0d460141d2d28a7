import type { Metadata } from "next";

import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format } from "@/lib/i18n";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { listWebhookEndpoints } from "@/lib/server/webhooks/endpoints";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.webhooks.title);
}

/** Configuración → Webhooks: the company's endpoints of the portal's environment (administrators). */
export default async function WebhooksPage() {
  const auth = await requirePageAuth();
  const { t, environment } = await getI18n();
  if (!mayTake(auth, "webhooks.manage")) {
    return (
      <Banner tone="warning" role="alert" testId="no-access">
        <p>{t.common.noAccess}</p>
      </Banner>
    );
  }
  const endpoints = await listWebhookEndpoints({ auth, environment });
  const environmentLabel = t.environments[environment];
  return (
    <Card title={t.webhooks.title}>
      <p className="muted">{format(t.webhooks.intro, { environment: environmentLabel })}</p>
      <WebhooksPanel
        environment={environmentLabel}
        t={t.webhooks}
        common={t.common}
        webhooks={endpoints.map((endpoint) => ({
          id: endpoint.id,
          url: endpoint.url,
          description: endpoint.description,
          eventTypes: endpoint.eventTypes,
          state: endpoint.state,
          failingSince: endpoint.failingSince === null ? null : formatFechaHora(endpoint.failingSince),
          lastDelivery: endpoint.lastDelivery
            ? {
                status: endpoint.lastDelivery.status as "pending" | "delivered" | "failed",
                at: formatFechaHora(endpoint.lastDelivery.at),
                statusCode: endpoint.lastDelivery.statusCode,
              }
            : null,
        }))}
      />
    </Card>
  );
}
