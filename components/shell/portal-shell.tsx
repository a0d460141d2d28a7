import type { ReactNode } from "react";

import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { UserRole } from "@/lib/domain/roles";
import type { VoidServiceStatus } from "@/lib/domain/void-service-status";
import { format, type Dictionary } from "@/lib/i18n";

import { EnvironmentPicker } from "./environment-picker";
import { LanguageSwitch } from "./language-switch";
import { NavLinks, type NavItem } from "./nav-links";
import { SignOutButton } from "./sign-out-button";
import { VoidServiceBanner } from "./void-service-banner";

export interface PortalShellProps {
  t: Dictionary;
  locale: Locale;
  environment: Environment;
  account: { name: string; rnc: string };
  user: { email: string; role: UserRole };
  /** DGII's status of Anulación Rangos in `environment` (null: no key configured, nothing shown). */
  voidService?: VoidServiceStatus | null;
  children: ReactNode;
}

/** Which pages a role sees: a viewer only history and documents; settings from operator (read-only). */
export function navItemsFor(role: UserRole, t: Dictionary): NavItem[] {
  const items: NavItem[] = [];
  if (role !== "viewer")
    items.push({ href: "/tools/void-encf", label: t.shell.voidTool, group: t.shell.tools });
  items.push({ href: "/voids", label: t.shell.history }, { href: "/documents", label: t.shell.documents });
  if (role !== "viewer") items.push({ href: "/settings", label: t.shell.settings });
  return items;
}

export function PortalShell({
  t,
  locale,
  environment,
  account,
  user,
  voidService,
  children,
}: PortalShellProps) {
  return (
    <div className="shell" data-environment={environment}>
      <a className="skip-link" href="#content">
        {t.shell.skipToContent}
      </a>
      <div className="shell-banner">
        {environment === "eCF" ? (
          <div className="production-banner" role="note" data-testid="production-banner">
            {t.shell.productionBanner}
          </div>
        ) : null}
        <VoidServiceBanner status={voidService} environment={environment} t={t} />
      </div>
      <div className="shell-nav">
        <div className="shell-brand">{t.common.appName}</div>
        <NavLinks items={navItemsFor(user.role, t)} label={t.shell.navLabel} />
        <div className="shell-user" data-testid="account-info">
          <div>
            <strong>{account.name}</strong>
          </div>
          <div>
            {t.shell.rnc} <span className="mono">{account.rnc}</span>
          </div>
          <div className="shell-user-email">{format(t.shell.signedInAs, { email: user.email })}</div>
          <div>{t.common.role[user.role]}</div>
          <SignOutButton label={t.shell.signOut} />
        </div>
      </div>
      <div className="shell-main">
        <header className="shell-topbar">
          <EnvironmentPicker
            environment={environment}
            label={t.common.environment}
            hint={t.shell.environmentHint}
            options={ENVIRONMENTS.map((value) => ({ value, label: t.environments[value] }))}
          />
          <div className="spacer" />
          <LanguageSwitch locale={locale} label={t.common.language} />
        </header>
        <main id="content" className="shell-content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
