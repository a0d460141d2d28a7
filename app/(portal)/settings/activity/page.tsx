import type { Metadata } from "next";

import { ActivityLogView } from "@/components/activity/activity-log-view";
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
import { listActivity } from "@/lib/server/platform/activity/list-activity";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.activity.tab);
}

const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Configuración → Actividad: the company's activity log, for its administrators (activity.read). */
export default async function ActivityPage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t } = await getI18n();
  if (!mayTake(auth, "activity.read")) {
    return (
      <Banner tone="warning" role="alert" testId="no-access">
        <p>{t.common.noAccess}</p>
      </Banner>
    );
  }
  const filters = readActivityPageFilters(await searchParams);
  const query = toActivityFilters(filters);
  const page = query
    ? await listActivity({ accountId: auth.accountId }, query, { cursor: filters.cursor, limit: PAGE_SIZE })
    : { items: [], nextToken: null };
  return (
    <Card title={t.activity.title}>
      <p className="muted">{t.activity.intro}</p>
      {query ? null : (
        <Banner tone="warning" role="alert">
          <p>{t.activity.invalidDay}</p>
        </Banner>
      )}
      <ActivityLogView
        basePath="/settings/activity"
        exportHref={`/settings/activity/export${activityQuery(filters)}`}
        filters={filters}
        rows={page.items.map((entry) => activityRowText(entry, t.activity))}
        nextHref={page.nextToken ? `/settings/activity${activityQuery(filters, page.nextToken)}` : null}
        firstHref={filters.cursor ? `/settings/activity${activityQuery(filters)}` : null}
        dayFormat={t.common.dayFormat}
        t={t.activity}
      />
    </Card>
  );
}
