import type { Metadata } from "next";

import { ApprovalPoliciesView } from "@/components/approvals/approval-policies-view";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { countApprovers, listApprovalPolicies } from "@/lib/server/approvals/approval-policy";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.approvals.policy.tab);
}

/** Aprobaciones: the four-eyes policy per environment; administrators change it, operators read it. */
export default async function ApprovalSettingsPage() {
  const auth = await requirePageAuth();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "policies.manage")) return null;
  const { t, locale } = await getI18n();
  const [policies, approvers] = await Promise.all([
    listApprovalPolicies(auth.accountId),
    countApprovers(auth.accountId),
  ]);
  return (
    <ApprovalPoliciesView
      policies={policies}
      approvers={approvers}
      canEdit={mayTake(auth, "policies.manage")}
      t={t}
      locale={locale}
    />
  );
}
