import type { Metadata } from "next";

import { ContingencyControl } from "@/components/contingency/contingency-control";
import { DeadlineSettingsForm } from "@/components/contingency/deadline-settings-form";
import { Card } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { getDeadlineSettingsView, listContingencies } from "@/lib/server/contingency";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.contingency.tab);
}

/**
 * Contingencia: the header's environment's connectivity contingency (declare, end, its periods) and
 * the company's deadline settings; administrators change them, operators read them.
 */
export default async function ContingencySettingsPage() {
  const auth = await requirePageAuth();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "issuer.contingency")) return null;
  const { t, environment } = await getI18n();
  const c = t.contingency;
  const canEdit = mayTake(auth, "issuer.contingency");
  const [periods, settings] = await Promise.all([
    listContingencies(auth.accountId, environment),
    getDeadlineSettingsView(auth.accountId, environment),
  ]);
  const open = periods.find((period) => period.endedAt === null);
  return (
    <>
      <Card title={c.title} data-testid="contingency">
        <p className="muted">{c.intro}</p>
        <p className="muted">{c.clockNote}</p>
        {canEdit ? null : <p className="muted">{c.readOnly}</p>}
        <ContingencyControl
          environment={environment}
          environmentLabel={t.environments[environment]}
          open={open ? { date: formatFechaHora(open.declaredAt), by: open.declaredBy } : null}
          canEdit={canEdit}
          t={c}
        />
      </Card>
      <Card title={c.history}>
        {periods.length === 0 ? (
          <p className="muted">{c.noHistory}</p>
        ) : (
          <Table cards data-testid="contingency-periods">
            <thead>
              <tr>
                <th scope="col">{c.declaredAt}</th>
                <th scope="col">{c.by}</th>
                <th scope="col">{c.endedAt}</th>
                <th scope="col">{c.by}</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((period) => (
                <tr key={period.id}>
                  <td className="mono" data-label={c.declaredAt}>
                    {formatFechaHora(period.declaredAt)}
                  </td>
                  <td data-label={c.by}>{period.declaredBy}</td>
                  <td className="mono" data-label={c.endedAt}>
                    {period.endedAt === null ? c.open : formatFechaHora(period.endedAt)}
                  </td>
                  <td data-label={c.by}>{period.endedBy ?? t.common.none}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Card title={c.settingsTitle}>
        <DeadlineSettingsForm
          settings={settings}
          environment={{ id: environment, label: t.environments[environment] }}
          canEdit={canEdit}
          t={c}
        />
      </Card>
    </>
  );
}
