import type { Metadata } from "next";

import { CompaniesOverviewTable } from "@/components/organization/companies-overview-table";
import { Card } from "@/components/ui/card";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { companiesOverviewOfUser } from "@/lib/server/accounts/companies-overview";
import { findVoidStatusFacts } from "@/lib/server/voids/void-status-facts";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.organization.myCompanies.title);
}

/**
 * An accountant's overview: every company the signed-in person holds a role in, whatever the
 * organization, grouped by organization, with the organization overview's columns. Any signed-in
 * person (their own companies only).
 */
export default async function MyCompaniesPage() {
  const auth = await requirePageAuth();
  const { t, environment } = await getI18n();
  const groups = await companiesOverviewOfUser(auth.userId, environment);
  // The last voids' status words need their records' facts (an Error's reason, parcial, settled…).
  const lastVoids = await findVoidStatusFacts(
    groups.flatMap((group) =>
      group.companies.flatMap((company) =>
        company.lastVoid ? [{ accountId: company.id, voidId: company.lastVoid.id }] : [],
      ),
    ),
  );
  const texts = t.organization.myCompanies;
  return (
    <div className="stack">
      <h1>{texts.title}</h1>
      <p className="muted">{texts.intro}</p>
      {groups.map((group) => (
        <Card key={group.organizationId} title={group.organizationName}>
          <CompaniesOverviewTable
            caption={group.organizationName}
            companies={group.companies}
            environment={environment}
            lastVoidFacts={lastVoids}
            t={t}
          />
        </Card>
      ))}
    </div>
  );
}
