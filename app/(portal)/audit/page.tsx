import type { Metadata } from "next";

import { AuditForm } from "@/components/audit/audit-form";
import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { nowFechaHora } from "@/lib/domain/fecha";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.audit.title);
}

/** dd-MM-yyyy (Santo Domingo) → yyyy-MM-dd, the date field's value. */
const isoDay = (ddMMyyyy: string) =>
  `${ddMMyyyy.slice(6, 10)}-${ddMMyyyy.slice(3, 5)}-${ddMMyyyy.slice(0, 2)}`;

/** Auditoría: the audit pack of a period and an environment (administrators: audit.export). */
export default async function AuditPage() {
  const auth = await requirePageAuth();
  const { t, environment } = await getI18n();
  if (!mayTake(auth, "audit.export")) {
    return (
      <>
        <h1>{t.audit.title}</h1>
        <Banner tone="info" testId="audit-not-allowed">
          <p>{t.audit.notAllowed}</p>
        </Banner>
      </>
    );
  }
  const today = nowFechaHora().slice(0, 10);
  // The current month so far: what an accountant asks for most.
  const initial = { from: `${isoDay(today).slice(0, 8)}01`, to: isoDay(today) };
  return (
    <>
      <h1>{t.audit.title}</h1>
      <p className="muted">{t.audit.intro}</p>
      <Card title={t.audit.formTitle}>
        <AuditForm
          s={t.audit}
          environments={t.environments}
          environment={environment}
          initial={initial}
          dayFormat={t.common.dayFormat}
        />
      </Card>
      <Card title={t.audit.contentsTitle}>
        <ul>
          {t.audit.contents.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
    </>
  );
}
