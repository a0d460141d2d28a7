import Link from "next/link";

import type { Locale } from "@/lib/domain/locale";
import { plural, type Dictionary } from "@/lib/i18n";

import styles from "./notification-bell.module.css";

/**
 * The notification centre's bell in the shell's top bar: the unread count of the
 * company and environment the portal shows, and a link to /notifications. The link's name says
 * the count in words ("Notificaciones: 3 sin leer"), so a screen reader announces it; the digits
 * beside the icon are for the eye.
 */
export function NotificationBell({
  unread,
  t,
  locale,
}: {
  unread: number;
  t: Dictionary["notifications"];
  locale: Locale;
}) {
  const label = unread > 0 ? plural(t.bellUnread, unread, locale) : t.bellNone;
  return (
    <Link href="/notifications" className={styles.bell} aria-label={label} data-testid="notification-bell">
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread > 0 ? (
        <span className={styles.count} aria-hidden="true" data-testid="notification-count">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
