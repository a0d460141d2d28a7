import type { Metadata } from "next";
import { pageTitle } from "@/lib/portal/page-title";
import { ApiKeysPanel } from "@/components/settings/api-keys-panel";
import { Card } from "@/components/ui/card";
import { formatFechaHora } from "@/lib/domain/fecha";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { listApiKeys } from "@/lib/server/auth";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.settings.tabs.apiKeys);
}

export default async function ApiKeysPage() {
  const auth = await requirePageAuth();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "apiKeys.manage")) return null;
  const { t } = await getI18n();
  const keys = await listApiKeys(auth.accountId);
  return (
    <Card title={t.settings.apiKeys.title}>
      <p className="muted">{t.settings.apiKeys.intro}</p>
      <ApiKeysPanel
        canEdit={mayTake(auth, "apiKeys.manage")}
        t={t.settings.apiKeys}
        common={t.common}
        dialogs={t.dialogs}
        environments={t.environments}
        keys={keys.map((key) => ({
          id: key.id,
          name: key.name,
          prefix: key.prefix,
          environment: key.environment,
          createdAt: formatFechaHora(key.createdAt),
          lastUsedAt: key.lastUsedAt === null ? t.common.none : formatFechaHora(key.lastUsedAt),
          revoked: key.revokedAt !== null,
        }))}
      />
    </Card>
  );
}
