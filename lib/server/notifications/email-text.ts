import "server-only";

import { formatFechaHora } from "@/lib/domain/fecha";
import { isEnvironment } from "@/lib/domain/environments";
import { getDictionary, plural } from "@/lib/i18n";
import { notificationText } from "@/lib/i18n/notification-text";

/**
 * The notifications' e-mails, in Spanish (the portal's default language; a person's language
 * choice lives in their browser's cookie, not on the server). Plain text: what happened, the
 * company and environment, when, and a link to the page where the person acts. The payloads carry
 * no secrets (event-types.ts); a webhook's URL is shown without its query.
 */
export interface MailedNotification {
  type: string;
  data: unknown;
  environment: string | null;
  createdAt: number;
  companyName: string;
  rnc: string;
}

const t = getDictionary("es");

/** The portal's public origin (NEXTAUTH_URL) before a path; without it, the path alone. */
export function portalLink(origin: string | undefined, path: string): string {
  return origin ? `${origin.replace(/\/+$/, "")}${path}` : path;
}

function environmentOf(environment: string | null): string {
  return environment && isEnvironment(environment)
    ? t.environments[environment]
    : t.notifications.allEnvironments;
}

function describe(notification: MailedNotification, origin: string | undefined) {
  const text = notificationText(notification, t.notifications, "es");
  return { ...text, link: portalLink(origin, text.href) };
}

const FOOTER = (origin: string | undefined) =>
  `Recibe este correo porque tiene activadas las notificaciones por correo de Anula. ` +
  `Puede cambiarlo en Mi cuenta: ${portalLink(origin, "/account")}`;

/** One notification, sent at once ("immediate"). */
export function immediateEmail(
  notification: MailedNotification,
  origin: string | undefined,
): { subject: string; text: string } {
  const { title, detail, link } = describe(notification, origin);
  return {
    subject: `Anula: ${title} — ${notification.companyName}`,
    text: [
      title,
      "",
      detail,
      "",
      `Empresa: ${notification.companyName} (RNC ${notification.rnc})`,
      `Ambiente: ${environmentOf(notification.environment)}`,
      `Fecha: ${formatFechaHora(notification.createdAt)} (hora de Santo Domingo)`,
      "",
      `Ábralo en el portal: ${link}`,
      "",
      "—",
      FOOTER(origin),
      "",
    ].join("\n"),
  };
}

/** The digest's counted lines (Spanish, as the e-mails are), singular or plural by the count. */
const DIGEST = {
  intro: {
    one: "Tiene {count} notificación nueva en Anula.",
    other: "Tiene {count} notificaciones nuevas en Anula.",
  },
  subject: {
    one: "Anula: resumen del día, {count} notificación",
    other: "Anula: resumen del día, {count} notificaciones",
  },
  more: { one: "Y {count} más: véala en {link}", other: "Y {count} más: véalas en {link}" },
};

/** At most this many are listed in a digest; the rest are counted and wait in the portal. */
export const DIGEST_LISTED = 100;

/** The daily summary ("daily"): every notification not yet e-mailed, grouped by company and environment. */
export function digestEmail(
  notifications: readonly MailedNotification[],
  origin: string | undefined,
): { subject: string; text: string } {
  const count = notifications.length;
  const groups = new Map<string, MailedNotification[]>();
  for (const notification of notifications.slice(0, DIGEST_LISTED)) {
    const key = `${notification.companyName} (RNC ${notification.rnc}) · ${environmentOf(notification.environment)}`;
    groups.set(key, [...(groups.get(key) ?? []), notification]);
  }
  const lines = [plural(DIGEST.intro, count, "es"), ""];
  for (const [group, items] of groups) {
    lines.push(group, "-".repeat(Math.min(group.length, 72)));
    for (const item of items) {
      const { title, detail, link } = describe(item, origin);
      lines.push(`• ${title} (${formatFechaHora(item.createdAt)})`, `  ${detail}`, `  ${link}`);
    }
    lines.push("");
  }
  if (count > DIGEST_LISTED) {
    const link = portalLink(origin, "/notifications");
    lines.push(plural(DIGEST.more, count - DIGEST_LISTED, "es", { link }), "");
  }
  lines.push("—", FOOTER(origin), "");
  return {
    subject: plural(DIGEST.subject, count, "es"),
    text: lines.join("\n"),
  };
}
