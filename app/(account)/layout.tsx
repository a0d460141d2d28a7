import type { ReactNode } from "react";
import { redirect } from "next/navigation";

import { LanguageSwitch } from "@/components/shell/language-switch";
import { SignedInShell } from "@/app/(portal)/signed-in-shell";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { getI18n } from "@/lib/portal/i18n";
import { forcedStepOf } from "@/lib/portal/page-auth";
import { getPortalAuth, getPortalUser } from "@/lib/server/auth/next-auth-options";

/**
 * Mi cuenta lives outside the (portal) group: the portal's layout sends a person with a forced step
 * (temporary password, a second factor their organization requires) or with no company role here,
 * so this layout must not send them back. With a company and nothing pending it shows the portal's
 * shell; otherwise only the language and signing out.
 */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const user = await getPortalUser();
  if (!user) redirect("/login");
  const auth = await getPortalAuth();
  if (auth && !(await forcedStepOf(user.userId, auth))) {
    return <SignedInShell auth={auth}>{children}</SignedInShell>;
  }
  const { t, locale } = await getI18n();
  return (
    <div className="shell-content" data-testid="account-frame">
      <header className="page-header">
        <strong>{t.common.appName}</strong>
        <div className="row">
          <span className="muted">{user.email}</span>
          <LanguageSwitch locale={locale} label={t.common.language} />
          <SignOutButton label={t.shell.signOut} />
        </div>
      </header>
      <main id="content">{children}</main>
    </div>
  );
}
