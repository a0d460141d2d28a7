import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { LanguageSwitch } from "@/components/shell/language-switch";
import { LoginForm } from "@/components/shell/login-form";
import { Card } from "@/components/ui/card";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { getPortalAuth } from "@/lib/server/auth/next-auth-options";

import styles from "./login.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.login.title);
}

/** Outside the (portal) group: its layout sends signed-out users here. */
export default async function LoginPage() {
  if (await getPortalAuth()) redirect("/");
  const { t, locale } = await getI18n();
  return (
    <main className={styles.page}>
      <p className={styles.brand}>{t.common.appName}</p>
      <Card className={styles.card}>
        <div className="page-header">
          <h1>{t.login.title}</h1>
          <LanguageSwitch locale={locale} label={t.common.language} />
        </div>
        <p className="muted">{t.login.intro}</p>
        <LoginForm t={t.login} />
      </Card>
    </main>
  );
}
