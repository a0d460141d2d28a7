import type { ReactNode } from "react";

import { SettingsTabs } from "@/components/settings/settings-tabs";
import { Banner } from "@/components/ui/banner";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, portalPageAuth } from "@/lib/portal/page-auth";

/**
 * Configuración: operators and administrators read it, administrators change it; members with
 * only the viewer or approver role do not see it.
 */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const auth = await portalPageAuth();
  // Signed out: each page sends the visitor to sign in; an unknown path stays a 404 page.
  if (!auth) return children;
  const { t } = await getI18n();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "users.manage")) {
    return (
      <Banner tone="warning" role="alert" testId="no-access">
        <p>{t.common.noAccess}</p>
      </Banner>
    );
  }
  const tabs = t.settings.tabs;
  return (
    <>
      <h1>{t.settings.title}</h1>
      <SettingsTabs
        label={t.settings.title}
        tabs={[
          { href: "/settings", label: tabs.certificate },
          { href: "/settings/api-keys", label: tabs.apiKeys },
          { href: "/settings/service-accounts", label: tabs.serviceAccounts },
          { href: "/settings/approvals", label: t.approvals.policy.tab },
          { href: "/settings/contingency", label: t.contingency.tab },
          { href: "/settings/users", label: tabs.users },
          { href: "/settings/integration", label: tabs.integration },
          ...(mayTake(auth, "activity.read") ? [{ href: "/settings/activity", label: t.activity.tab }] : []),
          ...(mayTake(auth, "webhooks.manage")
            ? [{ href: "/settings/webhooks", label: t.webhooks.tab }]
            : []),
        ]}
      />
      {mayTake(auth, "users.manage") ? null : (
        <Banner tone="info">
          <p>{t.settings.readOnly}</p>
        </Banner>
      )}
      {children}
    </>
  );
}
