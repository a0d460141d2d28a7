import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";

import { LanguageSwitch } from "@/components/shell/language-switch";
import { ForgotPasswordForm } from "@/components/shell/forgot-password-form";
import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { passwordResetByEmailAvailable } from "@/lib/server/accounts";
import { getPortalUser } from "@/lib/server/auth/next-auth-options";

import styles from "../login.module.css";

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
    <main className={styles.page}>
      <p className={styles.brand}>{t.common.appName}</p>
      <Card className={styles.card}>
        <div className="page-header">
          <h1>{texts.title}</h1>
          <LanguageSwitch locale={locale} label={t.common.language} />
        </div>
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
      </Card>
    </main>
  );
}
