import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { LoginForm } from "@/components/shell/login-form";
import { Banner } from "@/components/ui/banner";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { getPortalUser } from "@/lib/server/auth/next-auth-options";
import { isSetupOpen } from "@/lib/server/setup/first-run";

import { LoginFrame } from "./login-frame";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.login.title);
}

/** What sent the person here, said above the form (?notice=…, set by Mi cuenta and the first run). */
const NOTICES = ["passwordChanged", "passwordReset", "signedOutEverywhere", "setupDone"] as const;

/** Outside the (portal) group: its layout sends signed-out users here. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  // Signed in (with a company or not): the home page knows where to go.
  if (await getPortalUser()) redirect("/");
  // No user at all yet (a fresh deployment): there is nobody to sign in as; the first run creates one.
  if (await isSetupOpen()) redirect("/setup");
  const { t, locale } = await getI18n();
  const { notice } = await searchParams;
  const shown = NOTICES.find((known) => known === notice);
  return (
    <LoginFrame t={t} locale={locale} title={t.login.title}>
      <p className="muted">{t.login.intro}</p>
      {shown ? (
        <Banner tone="success" role="status" testId="login-notice">
          <p>{t.login[shown]}</p>
        </Banner>
      ) : null}
      <LoginForm t={t.login} />
    </LoginFrame>
  );
}
