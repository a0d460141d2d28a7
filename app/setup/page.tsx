import type { Metadata } from "next";
import Link from "next/link";

import { SetupForm } from "@/components/setup/setup-form";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { isSetupOpen } from "@/lib/server/setup/first-run";

import styles from "./setup.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.setup.title);
}

/**
 * The first run, outside the (portal) group: nobody can be signed in yet. Open only while the
 * database has no user (the setup token shown on the server console proves the visitor runs the
 * deployment); afterwards it says so and points to the sign-in page.
 */
export default async function SetupPage() {
  const { t, locale } = await getI18n();
  const open = await isSetupOpen();
  return (
    <main className={styles.page}>
      <p className={styles.brand}>{t.common.appName}</p>
      <Card className={styles.card}>
        <div className="page-header">
          <h1>{open ? t.setup.title : t.setup.done}</h1>
          <LanguageSwitch locale={locale} label={t.common.language} />
        </div>
        {open ? (
          <>
            <p className="muted">{t.setup.intro}</p>
            <SetupForm t={t.setup} />
            {/* Four eyes on production voids: off by default, recommended once two can approve. */}
            <p className="muted" data-testid="setup-approvals-line">
              {t.approvals.setupLine} <Link href="/settings/approvals">{t.approvals.setupLink}</Link>
            </p>
          </>
        ) : (
          <div className="stack" data-testid="setup-done">
            <p>{t.setup.doneIntro}</p>
            <div>
              <ButtonLink href="/login" variant="primary">
                {t.setup.goToLogin}
              </ButtonLink>
            </div>
          </div>
        )}
      </Card>
    </main>
  );
}
