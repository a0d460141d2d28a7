import type { ReactNode } from "react";

import { SettingsTabs } from "@/components/settings/settings-tabs";
import { Banner } from "@/components/ui/banner";
import { getI18n } from "@/lib/portal/i18n";
import { hasRole, requirePageAuth } from "@/lib/portal/page-auth";

/** Configuración: operators read it, only admins change it, viewers do not see it at all. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const auth = await requirePageAuth();
  const { t } = await getI18n();
  if (!hasRole(auth, "operator")) {
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
          { href: "/settings/users", label: tabs.users },
          { href: "/settings/integration", label: tabs.integration },
        ]}
      />
      {hasRole(auth, "admin") ? null : (
        <Banner tone="info">
          <p>{t.settings.readOnly}</p>
        </Banner>
      )}
      {children}
    </>
  );
}
