import type { ReactNode } from "react";

import { PortalShell } from "@/components/shell/portal-shell";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { getAccount } from "@/lib/server/accounts";

/** The signed-in portal: navigation, account, environment (always visible) and language. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const auth = await requirePageAuth();
  const [account, { t, locale, environment }] = await Promise.all([getAccount(auth.accountId), getI18n()]);
  return (
    <PortalShell
      t={t}
      locale={locale}
      environment={environment}
      account={{ name: account?.name ?? "", rnc: auth.rnc }}
      user={{ email: auth.email, role: auth.role }}
    >
      {children}
    </PortalShell>
  );
}
