import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";

import { ForgotPasswordForm } from "@/components/shell/forgot-password-form";
import { Banner } from "@/components/ui/banner";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { passwordResetByEmailAvailable } from "@/lib/server/accounts";
import { getPortalUser } from "@/lib/server/auth/next-auth-options";

import { LoginFrame } from "../login-frame";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.signInRecovery.forgot.title);
}

/**
 * "¿Olvidó su contraseña?": the e-mailed link when this deployment sends e-mail (SMTP_URL and
 * NEXTAUTH_URL), else where to ask (the organization's administrator resets it).
 */
export default async function ForgotPasswordPage() {
  if (await getPortalUser()) redirect("/");
  const { t, locale } = await getI18n();
  const texts = t.signInRecovery.forgot;
  return (
    <LoginFrame t={t} locale={locale} title={texts.title}>
      {passwordResetByEmailAvailable() ? (
        <>
          <p className="muted">{texts.intro}</p>
          <ForgotPasswordForm t={texts} emailRequired={t.login.emailRequired} />
        </>
      ) : (
        <Banner tone="info" testId="forgot-no-email">
          <p>{texts.noEmail}</p>
        </Banner>
      )}
      <p>
        <Link href="/login">{texts.back}</Link>
      </p>
    </LoginFrame>
  );
}
