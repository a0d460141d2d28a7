import Link from "next/link";
import type { ReactNode } from "react";

import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { CompanyRole } from "@/lib/domain/roles";
import type { VoidServiceStatus } from "@/lib/domain/void-service-status";
import { format, plural, type Dictionary } from "@/lib/i18n";

import { CompanyPicker } from "./company-picker";
import { EnvironmentPicker } from "./environment-picker";
import { LanguageSwitch } from "./language-switch";
import { NotificationBell, type BellCounts } from "./notification-bell";
import { NavLinks, type NavItem } from "./nav-links";
import styles from "./portal-shell.module.css";
import { ShellMenu } from "./shell-menu";
import { SignOutButton } from "./sign-out-button";
import { VoidServiceBanner } from "./void-service-banner";

export interface PortalShellProps {
  t: Dictionary;
  locale: Locale;
  environment: Environment;
  account: { id: string; name: string; rnc: string };
  /** The companies the user may switch to (the current one included). */
  companies: ReadonlyArray<{ accountId: string; rnc: string; name: string }>;
  user: { email: string; roles: readonly CompanyRole[] };
  /** What the navigation offers (the server checks each action again). */
  may: NavPermissions;
  /** DGII's status of Anulación Rangos in `environment` (null: no key configured, nothing shown). */
  voidService?: VoidServiceStatus | null;
  /** The bell: unread notifications of this person in the company, in every environment. */
  notifications?: BellCounts;
  children: ReactNode;
}

export interface NavPermissions {
  sendVoids: boolean;
  /** Operators read the settings; administrators change them. */
  seeSettings: boolean;
  /** Administrators: Auditoría (the audit pack). */
  auditExport?: boolean;
  /** Organization administrators: the organization page. */
  manageOrganization?: boolean;
  /** A person with roles in several companies (an accountant): their companies at a glance. */
  severalCompanies?: boolean;
  /** Approvers: the queue "Por confirmar", with how many voids wait for a person. */
  settleVoids?: { pending: number };
  /** Void requests (approval policy): with how many this person may decide. */
  voidRequests?: { pending: number };
}

/** Which pages the user sees: Inicio to everyone, the void tool to who may send; settings to operators and administrators. */
export function navItemsFor(may: NavPermissions, t: Dictionary, locale: Locale = "es"): NavItem[] {
  const items: NavItem[] = [{ href: "/inicio", label: t.home.nav }];
  if (may.sendVoids) items.push({ href: "/tools/void-encf", label: t.shell.voidTool, group: t.shell.tools });
  items.push({ href: "/voids", label: t.shell.history });
  if (may.settleVoids) {
    const { pending } = may.settleVoids;
    items.push({
      href: "/voids/pending",
      label: t.voidSettle.nav,
      badge:
        pending > 0
          ? {
              text: pending > 99 ? "99+" : String(pending),
              label: plural(t.voidSettle.navBadge, pending, locale),
            }
          : undefined,
    });
  }
  if (may.voidRequests) {
    const { pending } = may.voidRequests;
    items.push({
      href: "/voids/requests",
      label: t.approvals.nav,
      badge:
        pending > 0
          ? {
              text: pending > 99 ? "99+" : String(pending),
              label: plural(t.approvals.navBadge, pending, locale),
            }
          : undefined,
    });
  }
  items.push({ href: "/documents", label: t.shell.documents });
  items.push({ href: "/sequences", label: t.sequences.nav });
  if (may.auditExport) items.push({ href: "/audit", label: t.audit.nav });
  if (may.seeSettings) items.push({ href: "/settings", label: t.shell.settings });
  if (may.manageOrganization) items.push({ href: "/organization", label: t.shell.organizationPage });
  if (may.severalCompanies) {
    items.push({ href: "/organization/companies", label: t.organization.myCompanies.title });
  }
  return items;
}

/**
 * What switching to eCF asks: the warning, the draft sentence only for a person who may void (only
 * the void tool keeps drafts, so nobody else is promised one), and the dialog's words.
 */
export function productionConfirmation(may: Pick<NavPermissions, "sendVoids">, t: Dictionary) {
  return {
    confirmProduction: t.shell.confirmProduction,
    confirmProductionDraft: may.sendVoids ? t.shell.confirmProductionDraft : undefined,
    dialog: {
      title: t.dialogs.production.title,
      confirm: t.dialogs.production.confirm,
      cancel: t.dialogs.cancel,
    },
  };
}

export function PortalShell({
  t,
  locale,
  environment,
  account,
  companies,
  user,
  may,
  voidService,
  notifications,
  children,
}: PortalShellProps) {
  return (
    // The global marker classes (shell-nav, shell-topbar, shell-banner, skip-link) are what the void
    // receipt's print stylesheet hides.
    <div className={styles.shell} data-environment={environment}>
      <a className={`${styles.skipLink} skip-link`} href="#content">
        {t.shell.skipToContent}
      </a>
      <div className={`${styles.banner} shell-banner`}>
        {environment === "eCF" ? (
          <div className={styles.productionBanner} role="note" data-testid="production-banner">
            {t.shell.productionBanner}
          </div>
        ) : null}
        <VoidServiceBanner status={voidService} environment={environment} t={t} />
      </div>
      <div className={`${styles.nav} shell-nav`}>
        <ShellMenu brand={t.common.appName} label={t.shell.menu}>
          <NavLinks items={navItemsFor(may, t, locale)} label={t.shell.navLabel} />
          <div className={styles.user} data-testid="account-info">
            <div>
              <strong>{account.name}</strong>
            </div>
            <div>
              {t.shell.rnc} <span className="mono">{account.rnc}</span>
            </div>
            <div className={styles.userEmail}>{format(t.shell.signedInAs, { email: user.email })}</div>
            <div data-testid="user-roles">{user.roles.map((role) => t.common.role[role]).join(", ")}</div>
            <Link href="/account" data-testid="my-account">
              {t.shell.myAccount}
            </Link>
            <SignOutButton label={t.shell.signOut} />
          </div>
        </ShellMenu>
      </div>
      <div className={styles.main}>
        <header className={`${styles.topbar} shell-topbar`}>
          <CompanyPicker
            accountId={account.id}
            label={t.shell.company}
            hint={t.shell.companyHint}
            options={companies}
          />
          <EnvironmentPicker
            environment={environment}
            label={t.common.environment}
            hint={t.shell.environmentHint}
            {...productionConfirmation(may, t)}
            options={ENVIRONMENTS.map((value) => ({ value, label: t.environments[value] }))}
          />
          <div className={styles.spacer} />
          <Link href="/ayuda" className={styles.helpLink} data-testid="help-link">
            {t.help.nav}
          </Link>
          {notifications ? (
            <NotificationBell
              counts={notifications}
              environment={environment}
              t={t.notifications}
              locale={locale}
            />
          ) : null}
          <LanguageSwitch locale={locale} label={t.common.language} />
        </header>
        <main id="content" className={styles.content} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
