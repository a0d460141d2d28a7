import type { Metadata } from "next";
import Link from "next/link";

import { ActivityLogView } from "@/components/activity/activity-log-view";
import { CompaniesOverviewTable } from "@/components/organization/companies-overview-table";
import { CreateCompanyForm } from "@/components/organization/create-company-form";
import { OrganizationMembersPanel } from "@/components/organization/organization-members-panel";
import { SecondFactorSetting } from "@/components/organization/second-factor-setting";
import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import {
  activityQuery,
  activityRowText,
  readActivityPageFilters,
  toActivityFilters,
} from "@/lib/portal/activity-view";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { listOrganizationMembers } from "@/lib/server/accounts";
import { getRequireSecondFactor, organizationOverview } from "@/lib/server/accounts/organization-admin";
import { listActivity } from "@/lib/server/platform/activity/list-activity";
import { findVoidStatusFacts } from "@/lib/server/voids/void-status-facts";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.organization.title);
}

/**
 * The organization of the company the session acts for, for its administrators: its companies at a
 * glance (an accountant's overview), a new company, the second-factor rule and its members.
 */
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Organization-level activity entries shown per page (the filters and paging travel in the URL). */
const ACTIVITY_PAGE_SIZE = 25;

export default async function OrganizationPage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t, environment } = await getI18n();
  if (!mayTake(auth, "organization.manage")) {
    return (
      <Banner tone="warning" role="alert" testId="no-access">
        <p>{t.common.noAccess}</p>
      </Banner>
    );
  }
  const activityFilters = readActivityPageFilters(await searchParams);
  const activityQueryFilters = toActivityFilters(activityFilters) ?? {};
  const [companies, requireSecondFactor, members, activity] = await Promise.all([
    organizationOverview(auth.organizationId, environment),
    getRequireSecondFactor(auth.organizationId),
    listOrganizationMembers(auth.organizationId),
    listActivity({ organizationId: auth.organizationId }, activityQueryFilters, {
      cursor: activityFilters.cursor,
      limit: ACTIVITY_PAGE_SIZE,
    }),
  ]);
  // The last voids' status words need their records' facts (an Error's reason, parcial, settled…).
  const lastVoids = await findVoidStatusFacts(
    companies.flatMap((company) =>
      company.lastVoid ? [{ accountId: company.id, voidId: company.lastVoid.id }] : [],
    ),
  );
  const texts = t.organization;
  return (
    <div className="stack">
      <h1>{texts.title}</h1>
      <p className="muted">{texts.intro}</p>
      <p>
        <Link href="/organization/cierre-de-ano" data-testid="organization-year-end-close">
          {t.yearEndClose.title}
        </Link>
      </p>
      <Card title={texts.companies.title}>
        <CompaniesOverviewTable
          caption={texts.companies.title}
          companies={companies}
          environment={environment}
          lastVoidFacts={lastVoids}
          testId="organization-companies"
          t={t}
        />
      </Card>
      <Card title={texts.create.title}>
        <CreateCompanyForm t={texts.create} />
      </Card>
      <Card title={texts.secondFactor.title}>
        <SecondFactorSetting required={requireSecondFactor} t={texts.secondFactor} />
      </Card>
      <Card title={texts.members.title}>
        <OrganizationMembersPanel
          t={texts.members}
          members={members.map((member) => ({
            id: member.id,
            email: member.email,
            name: member.name ?? "",
            disabled: member.disabled,
            mustChangePassword: member.mustChangePassword,
            secondFactor: member.secondFactor,
            organizationAdmin: member.organizationAdmin,
            homeHere: member.homeHere,
            isSelf: member.id === auth.userId,
          }))}
        />
      </Card>
      <Card title={t.activity.organizationTitle} data-testid="organization-activity">
        <p className="muted">{t.activity.organizationIntro}</p>
        <ActivityLogView
          basePath="/organization"
          exportHref={`/organization/activity/export${activityQuery(activityFilters)}`}
          filters={activityFilters}
          rows={activity.items.map((entry) => activityRowText(entry, t.activity))}
          nextHref={
            activity.nextToken ? `/organization${activityQuery(activityFilters, activity.nextToken)}` : null
          }
          firstHref={activityFilters.cursor ? `/organization${activityQuery(activityFilters)}` : null}
          dayFormat={t.common.dayFormat}
          t={t.activity}
        />
      </Card>
    </div>
  );
}
