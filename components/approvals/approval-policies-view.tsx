import Link from "next/link";

import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { MIN_APPROVERS, type ApprovalPolicyView } from "@/lib/domain/void-requests";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";

import { ApprovalPolicyForm } from "./approval-policy-form";

export interface ApprovalPoliciesViewProps {
  policies: ReadonlyArray<ApprovalPolicyView & { updatedBy: string | null; updatedAt: number | null }>;
  /** People of the company who can approve today. */
  approvers: number;
  canEdit: boolean;
  t: Dictionary;
  locale: Locale;
}

/**
 * Configuración → Aprobaciones: what the policy does, how many people can approve (and, under two,
 * that it cannot be switched on yet, before anyone tries), each environment's state, and for
 * administrators one form per environment, eCF first and marked as recommended.
 */
export function ApprovalPoliciesView({ policies, approvers, canEdit, t, locale }: ApprovalPoliciesViewProps) {
  const p = t.approvals.policy;
  const tooFew = approvers < MIN_APPROVERS;
  const threshold = (minSequences: number | null) =>
    minSequences === null || minSequences === 0 ? p.everyVoid : plural(p.above, minSequences, locale);
  // Production first: that is where the policy is recommended.
  const ordered = [...policies].sort(
    (a, b) => Number(b.environment === "eCF") - Number(a.environment === "eCF"),
  );
  return (
    <>
      <Card title={p.title} data-testid="approval-policy">
        <p>{p.intro}</p>
        <Banner tone="info" testId="approval-recommend-ecf">
          <p>{p.recommendEcf}</p>
        </Banner>
        <p data-testid="approvers-count" data-approvers={approvers}>
          {plural(p.approvers, approvers, locale)}
        </p>
        {tooFew ? (
          <Banner tone="warning" testId="approvers-too-few">
            <p>{format(p.needsTwo, { approvers: formatNumber(approvers, locale) })}</p>
            {canEdit ? (
              <p>
                <Link href="/settings/users">{p.usersLink}</Link>
              </p>
            ) : null}
          </Banner>
        ) : null}
        <Table caption={p.environmentCaption} data-testid="approval-policy-table" cards>
          <thead>
            <tr>
              <th scope="col">{p.columns.environment}</th>
              <th scope="col">{p.columns.state}</th>
              <th scope="col">{p.columns.threshold}</th>
              <th scope="col">{p.columns.updated}</th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((policy) => (
              <tr key={policy.environment} data-environment={policy.environment}>
                <th scope="row" data-label={p.columns.environment} data-card="first wide">
                  {t.environments[policy.environment]}
                </th>
                <td data-label={p.columns.state} data-testid="policy-state">
                  <Badge tone={policy.enabled ? "success" : "neutral"}>{policy.enabled ? p.on : p.off}</Badge>
                </td>
                <td data-label={p.columns.threshold}>
                  {policy.enabled ? threshold(policy.minSequences) : t.common.none}
                </td>
                <td data-label={p.columns.updated} className="mono">
                  {policy.updatedAt === null
                    ? p.never
                    : format(p.updatedBy, {
                        date: formatFechaHora(policy.updatedAt),
                        who: policy.updatedBy ?? t.common.none,
                      })}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {canEdit ? null : <p className="muted">{p.readOnly}</p>}
      </Card>
      {canEdit
        ? ordered.map((policy) => (
            <Card
              key={policy.environment}
              title={
                <>
                  {t.environments[policy.environment]}{" "}
                  {policy.environment === "eCF" ? <Badge tone="info">{p.recommended}</Badge> : null}
                </>
              }
            >
              <ApprovalPolicyForm
                environment={policy.environment}
                environmentLabel={t.environments[policy.environment]}
                enabled={policy.enabled}
                minSequences={policy.minSequences}
                approvers={approvers}
                t={p}
              />
            </Card>
          ))
        : null}
    </>
  );
}
