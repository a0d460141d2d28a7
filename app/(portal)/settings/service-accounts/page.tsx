import type { Metadata } from "next";
import { pageTitle } from "@/lib/portal/page-title";
import { ServiceAccountsPanel } from "@/components/settings/service-accounts-panel";
import { Card } from "@/components/ui/card";
import { formatFechaHora } from "@/lib/domain/fecha";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { DEFAULT_ROTATION_OVERLAP_HOURS, listServiceAccounts } from "@/lib/server/auth/service-accounts";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.settings.tabs.serviceAccounts);
}

/** Cuentas de servicio: administrators manage them, operators read the list (like Claves API). */
export default async function ServiceAccountsPage() {
  const auth = await requirePageAuth();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "serviceAccounts.manage")) return null;
  const { t } = await getI18n();
  const accounts = await listServiceAccounts(auth.accountId);
  return (
    <Card title={t.settings.serviceAccounts.title}>
      <p className="muted">{t.settings.serviceAccounts.intro}</p>
      <ServiceAccountsPanel
        canEdit={mayTake(auth, "serviceAccounts.manage")}
        defaultOverlapHours={DEFAULT_ROTATION_OVERLAP_HOURS}
        t={t.settings.serviceAccounts}
        bypass={t.approvals.serviceAccount}
        common={t.common}
        dialogs={t.dialogs}
        accounts={accounts.map((account) => ({
          id: account.id,
          name: account.name,
          clientId: account.clientId,
          scopes: account.scopes,
          createdAt: formatFechaHora(account.createdAt),
          lastUsedAt: account.lastUsedAt === null ? t.common.none : formatFechaHora(account.lastUsedAt),
          disabled: account.disabledAt !== null,
          sendWithoutApproval: account.sendWithoutApproval,
          secrets: account.secrets.map((secret) => ({
            id: secret.id,
            prefix: secret.prefix,
            expiresAt: secret.expiresAt === null ? null : formatFechaHora(secret.expiresAt),
          })),
        }))}
      />
    </Card>
  );
}
