import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { NotificationEmailForm } from "@/components/account/notification-email-form";
import { PasswordForm } from "@/components/account/password-form";
import { SecondFactorPanel } from "@/components/account/second-factor-panel";
import { SignOutEverywhere } from "@/components/account/sign-out-everywhere";
import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { plural } from "@/lib/i18n";
import { getI18n } from "@/lib/portal/i18n";
import { forcedStepOf } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { getPortalAuth, getPortalUser } from "@/lib/server/auth/next-auth-options";
import { unusedRecoveryCodes } from "@/lib/server/auth/recovery-codes";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb } from "@/lib/server/platform/db";
import { getNotificationEmail } from "@/lib/server/notifications/email-preference";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.account.title);
}

/**
 * Mi cuenta: every signed-in person's own password, second factor and sessions (also a person with
 * no company role, and the place a forced step sends one to).
 */
export default async function AccountPage() {
  const user = await getPortalUser();
  if (!user) redirect("/login");
  const auth = await getPortalAuth();
  const [{ t, locale }, forced, row] = await Promise.all([
    getI18n(),
    forcedStepOf(user.userId, auth),
    getDb().then((db) => db.user.findUnique({ where: { id: user.userId }, select: { totpEnabledAt: true } })),
  ]);
  const remainingCodes = row?.totpEnabledAt != null ? await unusedRecoveryCodes(user.userId) : 0;
  const secondFactorOn = row?.totpEnabledAt != null;
  const notificationEmail = await getNotificationEmail(user.userId);
  return (
    <div className="stack">
      <h1>{t.account.title}</h1>
      <p className="muted">{t.account.intro}</p>
      {forced === "changePassword" ? (
        <Banner tone="warning" role="alert" testId="forced-step">
          <p>{t.account.forcedPassword}</p>
        </Banner>
      ) : null}
      {forced === "secondFactor" ? (
        <Banner tone="warning" role="alert" testId="forced-step">
          <p>{t.account.forcedSecondFactor}</p>
        </Banner>
      ) : null}
      {!auth && !forced ? (
        <Banner tone="info" testId="no-company">
          <p>{t.account.noCompany}</p>
        </Banner>
      ) : null}
      <Card title={t.account.password.title} data-testid="password-card">
        <PasswordForm t={t.account.password} />
      </Card>
      {forced === "changePassword" ? null : (
        <Card title={t.account.secondFactor.title} data-testid="second-factor-card">
          <SecondFactorPanel
            on={secondFactorOn}
            t={t.account.secondFactor}
            recovery={t.signInRecovery.recoveryCodes}
            email={user.email}
            remaining={plural(t.signInRecovery.recoveryCodes.remaining, remainingCodes, locale)}
            copyFailed={t.common.copyFailed}
          />
        </Card>
      )}
      {forced ? null : (
        <Card title={t.notifications.email.title} data-testid="notification-email-card">
          <NotificationEmailForm
            value={notificationEmail}
            smtpConfigured={loadConfig().smtp !== undefined}
            t={t.notifications.email}
          />
        </Card>
      )}
      <Card title={t.account.sessions.title} data-testid="sessions-card">
        <SignOutEverywhere t={t.account.sessions} />
      </Card>
    </div>
  );
}
