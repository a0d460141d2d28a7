import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";

import { format, formatNumber, plural, type Dictionary, type Plural } from "./index";

type NotificationTexts = Dictionary["notifications"];
type EventTextKey = Exclude<keyof NotificationTexts["events"], "other">;

export interface NotificationFacts {
  type: string;
  /** The event's payload (lib/schemas/event-payloads.ts), as stored on the notification. */
  data: unknown;
}

export interface NotificationText {
  title: string;
  detail: string;
  /** The portal page where the person acts on it (a path: the portal adds its origin). */
  href: string;
}

/**
 * The fact whose count chooses the singular or plural form of an event's detail ({count} in it):
 * "queda 1 número" / "quedan 3 números", never "1 números".
 */
const COUNTED_BY: Partial<Record<EventTextKey, string>> = {
  void_unconfirmed: "totalVoided",
  sequence_gap_detected: "cantidad",
  sequence_gap_deadline_approaching: "cantidad",
  sequence_gap_deadline_missed: "cantidad",
  sequence_expiring: "unused",
  sequence_forecast_request_by: "leadDays",
  sequence_forecast_unused: "unusedAtExpiry",
  year_end_close_awaiting_decision: "sequences",
};

/**
 * What a notification says and where it leads, for the bell's page and the e-mails. Pure: the same
 * words in the portal and in the e-mail (which is always Spanish). Unknown fields show as "—"
 * rather than failing: an old payload must still render.
 */
export function notificationText(
  notification: NotificationFacts,
  t: NotificationTexts,
  locale: Locale,
): NotificationText {
  const data = (notification.data ?? {}) as Record<string, unknown>;
  const text = (key: string): string => {
    const value = data[key];
    return typeof value === "string" && value !== "" ? value : "—";
  };
  const number = (key: string): string => {
    const value = data[key];
    return typeof value === "number" ? formatNumber(value, locale) : "—";
  };
  const values: Record<string, string> = {
    requestedBy: text("requestedBy"),
    decidedBy: text("decidedBy"),
    total: number("totalVoided"),
    voidId: text("voidId"),
    desde: text("desde"),
    hasta: text("hasta"),
    expiresOn: dayOf(text("expiresOn")),
    remaining: remainingOf(notification.type, data.daysLeft, t.remaining, locale),
    subject: text("subject"),
    notAfter: dayOf(text("notAfter")),
    url: withoutQuery(text("url")),
    ncf: text("ncf"),
    signedAt: instantOf(text("signedAt")),
    deadlineAt: instantOf(text("deadlineAt")),
    since: instantOf(text("since")),
    requestBy: dayOf(text("requestBy")),
    // One decimal, as the inventory shows it (68.7 %, not 69 %).
    unusedPercent: typeof data.unusedPercent === "number" ? formatNumber(data.unusedPercent, locale, 1) : "—",
    year: typeof data.year === "number" ? String(data.year) : "—",
    accepted: number("accepted"),
    rejected: number("rejected"),
    toSettle: number("toSettle"),
  };
  // The catalogue's keys are the event types with "_" for "." (a dot would split the i18n test's key paths).
  const key = isExpiredCertificate(notification.type, data.daysLeft)
    ? "certificate_expired"
    : notification.type.replace(/\./g, "_");
  const known = key !== "other" && Object.hasOwn(t.events, key);
  const texts = known ? t.events[key as EventTextKey] : t.events.other;
  return {
    title: texts.title,
    detail: detailOf(
      texts.detail,
      known ? data[COUNTED_BY[key as EventTextKey] ?? ""] : undefined,
      locale,
      values,
    ),
    href: hrefOf(notification.type, data),
  };
}

/** A detail in the count's form; an old payload without the count takes the plural form with "—". */
function detailOf(
  detail: string | Plural,
  count: unknown,
  locale: Locale,
  values: Record<string, string>,
): string {
  if (typeof detail === "string") return format(detail, values);
  if (typeof count === "number") return plural(detail, count, locale, values);
  return format(detail.other, { ...values, count: "—" });
}

/** The certificate scan announces an expired certificate once, as certificate.expiring with daysLeft < 0. */
function isExpiredCertificate(type: string, daysLeft: unknown): boolean {
  return type === "certificate.expiring" && typeof daysLeft === "number" && daysLeft < 0;
}

/**
 * "in 7 days", "in 1 day" (the portal's plural), and day 0: a range's expiresOn is a whole day, so 0 is its last day; a
 * certificate's notAfter is an instant, so 0 is less than a day away.
 */
function remainingOf(
  type: string,
  daysLeft: unknown,
  t: NotificationTexts["remaining"],
  locale: Locale,
): string {
  if (typeof daysLeft !== "number" || daysLeft < 0) return "—";
  if (daysLeft === 0) return type === "sequence.expiring" ? t.lastDay : t.underADay;
  return plural(t.days, daysLeft, locale);
}

/** A webhook's URL without its query (a receiver may carry a token there) or credentials. */
function withoutQuery(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return value;
  }
}

/** "2026-12-01" or an ISO instant → "01-12-2026" (the portal's day format, as DGII writes dates). */
function dayOf(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** An ISO instant → "dd-MM-yyyy HH:mm" in Santo Domingo time (the portal's format); anything else as is. */
function instantOf(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : formatFechaHora(ms).slice(0, 16);
}

function hrefOf(type: string, data: Record<string, unknown>): string {
  const id = (key: string) => (typeof data[key] === "string" ? encodeURIComponent(data[key]) : null);
  if (type.startsWith("void.request.")) {
    const requestId = id("requestId");
    return requestId ? `/voids/requests/${requestId}` : "/voids/requests";
  }
  if (type === "void.interrupted" || type === "void.unconfirmed") {
    const voidId = id("voidId");
    return voidId ? `/voids/${voidId}` : "/voids/pending";
  }
  // An expiring range opens its closing (the unused numbers above the highest issued) in the review.
  const cierreDesde = id("cierreDesde");
  if (type === "sequence.expiring" && cierreDesde) return `/sequences?cierreDesde=${cierreDesde}`;
  if (type.startsWith("sequence.")) return "/sequences";
  if (type.startsWith("document.deadline_")) {
    const ncf = id("ncf");
    return ncf ? `/documents/${ncf}` : "/documents";
  }
  if (type === "certificate.expiring") return "/settings";
  if (type.startsWith("year_end_close.")) {
    const closeId = id("closeId");
    return closeId ? `/organization/cierre-de-ano?id=${closeId}` : "/organization/cierre-de-ano";
  }
  if (type === "webhook.disabled") {
    const endpointId = id("endpointId");
    return endpointId ? `/settings/webhooks/${endpointId}` : "/settings/webhooks";
  }
  return "/notifications";
}
