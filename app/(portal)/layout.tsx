import type { ReactNode } from "react";

import { PortalShell } from "@/components/shell/portal-shell";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { voidServiceNotice } from "@/lib/portal/void-service-notice";
import { getAccount } from "@/lib/server/accounts";

/** The signed-in portal: navigation, account, environment (always visible) and language. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const auth = await requirePageAuth();
  const [account, { t, locale, environment }] = await Promise.all([getAccount(auth.accountId), getI18n()]);
  // DGII's announced maintenance or outage of Anulación Rangos (only with TAXAUTH_STATUS_API_KEY).
  const voidService = await voidServiceNotice(environment);
  return (
    <PortalShell
      t={t}
      locale={locale}
      environment={environment}
      account={{ name: account?.name ?? "", rnc: auth.rnc }}
      user={{ email: auth.email, role: auth.role }}
      voidService={voidService}
    >
      {children}
    </PortalShell>
  );
}
