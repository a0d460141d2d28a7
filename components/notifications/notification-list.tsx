"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition, type MouseEvent } from "react";

import { Button } from "@/components/ui/button";
import type { Dictionary } from "@/lib/i18n";
import {
  markAllNotificationsReadAction,
  markNotificationReadAction,
} from "@/lib/portal/actions/notification-actions";

import styles from "./notifications.module.css";

export interface NotificationItem {
  id: string;
  title: string;
  detail: string;
  href: string;
  company: string;
  environment: string;
  when: string;
  read: boolean;
}

type Texts = Pick<
  Dictionary["notifications"],
  "listLabel" | "markAll" | "unread" | "read" | "company" | "environment" | "when" | "empty"
>;

/**
 * The notifications, newest first. Opening one marks it read, then goes to its page (a click with
 * a modifier opens a new tab and leaves it unread); "Marcar todas como leídas" marks the company's
 * and environment's. The shell's bell is re-rendered with the new count.
 */
export function NotificationList({ items, t }: { items: NotificationItem[]; t: Texts }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState("");
  const unread = items.some((item) => !item.read);

  const open = (event: MouseEvent<HTMLAnchorElement>, item: NotificationItem) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    startTransition(async () => {
      if (!item.read) await markNotificationReadAction({ id: item.id });
      router.push(item.href);
    });
  };

  const markAll = () =>
    startTransition(async () => {
      const result = await markAllNotificationsReadAction();
      setMessage(result.message);
      router.refresh();
    });

  if (items.length === 0) {
    return (
      <p className="muted" data-testid="notifications-empty">
        {t.empty}
      </p>
    );
  }
  return (
    <div className="stack">
      <div className={styles.toolbar}>
        <Button
          type="button"
          variant="secondary"
          onClick={markAll}
          disabled={pending || !unread}
          data-testid="notifications-mark-all"
        >
          {t.markAll}
        </Button>
        <p role="status" className="muted" data-testid="notifications-message">
          {message}
        </p>
      </div>
      <ul className={styles.list} aria-label={t.listLabel} data-testid="notification-list">
        {items.map((item) => (
          <li key={item.id} className={styles.item} data-read={item.read} data-testid="notification-item">
            <Link href={item.href} className={styles.title} onClick={(event) => open(event, item)}>
              {item.title}
            </Link>
            {item.detail ? <span>{item.detail}</span> : null}
            <span className={styles.meta}>
              <span className={styles.state} data-testid="notification-state">
                {item.read ? t.read : t.unread}
              </span>
              <span>
                {t.company}: {item.company}
              </span>
              <span>
                {t.environment}: {item.environment}
              </span>
              <span>
                {t.when}: <time>{item.when}</time>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
