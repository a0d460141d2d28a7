import type { Metadata } from "next";
import Link from "next/link";

import { ResetPasswordForm } from "@/components/shell/reset-password-form";
import { Banner } from "@/components/ui/banner";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { passwordResetLinkUsable } from "@/lib/server/accounts";

import { LoginFrame } from "../login-frame";

export async function generateMetadata(): Promise<Metadata> {
  // The token is in this page's URL: never sent on as a Referer.
  return { ...(await pageTitle((t) => t.signInRecovery.reset.title)), referrer: "no-referrer" };
}

/** The e-mailed link's page: a new password, or why the link no longer works. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string }>;
}) {
  const { t, locale } = await getI18n();
  const texts = t.signInRecovery.reset;
  const token = (await searchParams).token ?? "";
  const usable = await passwordResetLinkUsable(token);
  return (
    <LoginFrame t={t} locale={locale} title={texts.title}>
      {usable ? (
        <>
          <p className="muted">{texts.intro}</p>
          <ResetPasswordForm token={token} t={texts} password={t.account.password} />
        </>
      ) : (
        <>
          <Banner tone="danger" role="alert" testId="reset-invalid">
            <p>{texts.invalid}</p>
          </Banner>
          <p>
            <Link href="/login/forgot">{texts.askAgain}</Link>
          </p>
        </>
      )}
    </LoginFrame>
  );
}
