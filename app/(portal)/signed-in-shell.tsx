import type { ReactNode } from "react";

import type { Environment } from "@/lib/domain/environments";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake } from "@/lib/portal/page-auth";
import { voidServiceNotice } from "@/lib/portal/void-service-notice";
import { pendingVoidCount } from "@/lib/portal/void-settlement";
import { getAccount } from "@/lib/server/accounts";
import { getApprovalPolicy } from "@/lib/server/approvals/approval-policy";
import { countPendingForApprover } from "@/lib/server/approvals/list-void-requests";
import type { AuthContext } from "@/lib/server/auth";
import { companiesOfUser } from "@/lib/server/auth/credentials";
import { countUnreadByEnvironment } from "@/lib/server/notifications/user-notifications";

import { PortalShell } from "@/components/shell/portal-shell";

/** The portal's shell for a person acting for a company (the portal's pages and Mi cuenta). */
export async function SignedInShell({ auth, children }: { auth: AuthContext; children: ReactNode }) {
  const [account, companies, { t, locale, environment }] = await Promise.all([
    getAccount(auth.accountId),
    companiesOfUser(auth.userId),
    getI18n(),
  ]);
  // DGII's announced maintenance or outage of Anulación Rangos (only with TAXAUTH_STATUS_API_KEY).
  const voidService = await voidServiceNotice(environment);
  const voidRequests = await voidRequestsNav(auth, environment);
  // The bell: what waits for the person in the company, in every environment (and says where).
  const unread = await countUnreadByEnvironment({
    userId: auth.userId,
    accountId: auth.accountId,
    environment,
  });
  return (
    <PortalShell
      t={t}
      locale={locale}
      environment={environment}
      account={{ id: auth.accountId, name: account?.name ?? "", rnc: auth.rnc }}
      companies={companies}
      user={{ email: auth.email, roles: auth.roles }}
      may={{
        sendVoids: mayTake(auth, "voids.send"),
        seeSettings: mayTake(auth, "voids.send") || mayTake(auth, "users.manage"),
        manageOrganization: mayTake(auth, "organization.manage"),
        auditExport: mayTake(auth, "audit.export"),
        severalCompanies: companies.length > 1,
        ...(mayTake(auth, "voids.settle")
          ? { settleVoids: { pending: await pendingVoidCount(auth.accountId, environment) } }
          : {}),
        ...(voidRequests ? { voidRequests } : {}),
      }}
      voidService={voidService}
      notifications={unread}
    >
      {children}
    </PortalShell>
  );
}

/**
 * Solicitudes de anulación in the navigation: for people who send or approve voids, while the
 * environment's approval policy is on or requests wait for this approver; the badge counts the
 * pending requests this person may decide (never their own).
 */
async function voidRequestsNav(
  auth: AuthContext,
  environment: Environment,
): Promise<{ pending: number } | null> {
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "voids.approve")) return null;
  const [policy, pending] = await Promise.all([
    getApprovalPolicy(auth.accountId, environment),
    countPendingForApprover(auth, environment),
  ]);
  return policy.enabled || pending > 0 ? { pending } : null;
}
