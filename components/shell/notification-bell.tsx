import Link from "next/link";

import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";

import styles from "./notification-bell.module.css";

/** Unread notifications of the person in the company: how many, and in which environments. */
export interface BellCounts {
  total: number;
  byEnvironment: Partial<Record<Environment, number>>;
}

/**
 * What the bell says: its count, the link's name (the count in words, and where they wait when any
 * wait outside the environment shown: "Notificaciones: 3 sin leer (1 en TesteCF, 2 en eCF)"), and the
 * short visible note of the other environments ("2 en eCF"), so it never reads 0 while something waits.
 */
export function bellText(
  counts: BellCounts,
  current: Environment,
  t: Dictionary["notifications"],
  locale: Locale,
): { label: string; elsewhere: string } {
  if (counts.total === 0) return { label: t.bellNone, elsewhere: "" };
  // The environment shown first, then the others in their usual order.
  const order = [current, ...ENVIRONMENTS.filter((environment) => environment !== current)];
  const waiting = order.filter((environment) => (counts.byEnvironment[environment] ?? 0) > 0);
  const where = (environments: Environment[]) =>
    environments
      .map((environment) =>
        format(t.bellWhere, {
          number: formatNumber(counts.byEnvironment[environment] ?? 0, locale),
          environment,
        }),
      )
      .join(", ");
  const others = waiting.filter((environment) => environment !== current);
  if (others.length === 0) return { label: plural(t.bellUnread, counts.total, locale), elsewhere: "" };
  return {
    label: plural(t.bellUnreadWhere, counts.total, locale, { where: where(waiting) }),
    elsewhere: where(others),
  };
}

/**
 * The notification centre's bell in the shell's top bar: what waits for the person in the company,
 * in every environment, and a link to /notifications. The link's name says the count and where in
 * words, so a screen reader announces it; the digits and the note beside the icon are for the eye.
 */
export function NotificationBell({
  counts,
  environment,
  t,
  locale,
}: {
  counts: BellCounts;
  environment: Environment;
  t: Dictionary["notifications"];
  locale: Locale;
}) {
  const { label, elsewhere } = bellText(counts, environment, t, locale);
  const unread = counts.total;
  return (
    <Link
      href="/notifications"
      className={styles.bell}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
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
      {elsewhere ? (
        <span className={styles.where} aria-hidden="true" data-testid="notification-elsewhere">
          {elsewhere}
        </span>
      ) : null}
    </Link>
  );
}
