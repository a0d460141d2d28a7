import { redirect } from "next/navigation";

import { LanguageSwitch } from "@/components/shell/language-switch";
import { LoginForm } from "@/components/shell/login-form";
import { getI18n } from "@/lib/portal/i18n";
import { getPortalAuth } from "@/lib/server/auth/next-auth-options";

export const metadata = { title: "Anula · Iniciar sesión" };

/** Outside the (portal) group: its layout sends signed-out users here. */
export default async function LoginPage() {
  if (await getPortalAuth()) redirect("/");
  const { t, locale } = await getI18n();
  return (
    <main className="login-page">
      <div className="login-card card">
        <div className="page-header">
          <h1>{t.login.title}</h1>
          <LanguageSwitch locale={locale} label={t.common.language} />
        </div>
        <p className="muted">{t.login.intro}</p>
        <LoginForm t={t.login} />
      </div>
    </main>
  );
}
