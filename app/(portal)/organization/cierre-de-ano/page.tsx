import type { Metadata } from "next";

import { CreateYearEndCloseForm } from "@/components/year-end-close/create-year-end-close-form";
import { YearEndCloseView } from "@/components/year-end-close/year-end-close-view";
import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { isAppError } from "@/lib/errors";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import {
  getYearEndClose,
  listYearEndCloses,
  type YearEndCloseView as Close,
} from "@/lib/server/year-end-close";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.yearEndClose.title);
}

/** The year now in Santo Domingo: a close is normally prepared in its own year's December. */
function thisYear(): number {
  return Number(santoDomingoDate(Date.now()).slice(0, 4));
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The year-end close ("Cierre de año") of the organization, in the portal's environment: the
 * organization's administrators prepare and start it; each company's people confirm and decide
 * their company's part on the same screen, then follow the progress and the summary.
 */
export default async function YearEndClosePage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t, environment, locale } = await getI18n();
  const texts = t.yearEndClose;
  const id = (await searchParams).id;
  const admin = mayTake(auth, "organization.manage");
  let closes: Awaited<ReturnType<typeof listYearEndCloses>> = [];
  let close: Close | null = null;
  try {
    closes = await listYearEndCloses(auth, environment);
    if (typeof id === "string" && id !== "") close = await getYearEndClose(auth, id, environment);
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return (
      <Banner tone="warning" role="alert" testId="no-access">
        <p>{error.code === "YEAR_END_CLOSE_NOT_FOUND" ? error.message : t.common.noAccess}</p>
      </Banner>
    );
  }
  const day = (ms: number) => {
    const iso = santoDomingoDate(ms);
    return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
  };
  return (
    <div className="stack">
      <h1>{texts.title}</h1>
      <p className="muted">{texts.intro}</p>
      {close ? <YearEndCloseView close={close} canStart={admin} locale={locale} t={texts} /> : null}
      {admin && !close ? (
        <Card title={texts.createTitle}>
          <CreateYearEndCloseForm environment={environment} defaultYear={thisYear()} t={texts} />
        </Card>
      ) : null}
      <Card title={texts.campaigns}>
        {closes.length === 0 ? (
          <p className="muted">{texts.none}</p>
        ) : (
          <ul data-testid="year-end-close-list">
            {closes.map((entry) => (
              <li key={entry.id}>
                <a href={`/organization/cierre-de-ano?id=${entry.id}`}>
                  {String(entry.year)} · {texts.status[entry.status]} · {day(entry.createdAt)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
