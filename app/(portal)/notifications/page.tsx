import type { Metadata } from "next";
import Link from "next/link";

import { NotificationList, type NotificationItem } from "@/components/notifications/notification-list";
import styles from "@/components/notifications/notifications.module.css";
import { Banner } from "@/components/ui/banner";
import { formatFechaHora } from "@/lib/domain/fecha";
import { plural } from "@/lib/i18n";
import { notificationText } from "@/lib/i18n/notification-text";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { notificationsPageQuerySchema } from "@/lib/schemas/notifications";
import { getAccount } from "@/lib/server/accounts";
import { countUnreadElsewhere, listNotifications } from "@/lib/server/notifications/user-notifications";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.notifications.title);
}

/**
 * Notificaciones: the person's notifications in the company and environment the portal
 * shows (and the company's that belong to no environment), newest first, 50 a page. Every member
 * sees their own; what each one receives is lib/domain/notification-audience.ts.
 */
export default async function NotificationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const { before } = notificationsPageQuerySchema.parse(await searchParams);
  const scope = { userId: auth.userId, accountId: auth.accountId, environment };
  const [page, elsewhere, account] = await Promise.all([
    listNotifications(scope, { before }),
    countUnreadElsewhere(scope),
    getAccount(auth.accountId),
  ]);
  const company = account ? `${account.name} (${account.rnc})` : auth.rnc;
  const items: NotificationItem[] = page.items.map((notification) => ({
    id: notification.id,
    ...notificationText(notification, t.notifications, locale),
    company,
    environment: notification.environment
      ? t.environments[notification.environment]
      : t.notifications.allEnvironments,
    when: formatFechaHora(notification.createdAt),
    read: notification.read,
  }));
  return (
    <>
      <h1>{t.notifications.title}</h1>
      <p className="muted">{t.notifications.intro}</p>
      {elsewhere > 0 ? (
        <Banner tone="info" testId="notifications-elsewhere">
          <p>{plural(t.notifications.elsewhere, elsewhere, locale)}</p>
        </Banner>
      ) : null}
      <NotificationList items={items} t={t.notifications} />
      {before || page.nextBefore ? (
        <nav className={styles.pages} aria-label={t.notifications.title}>
          {before ? <Link href="/notifications">{t.notifications.newest}</Link> : null}
          {page.nextBefore ? (
            <Link href={`/notifications?before=${page.nextBefore}`} data-testid="notifications-older">
              {t.notifications.older}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
