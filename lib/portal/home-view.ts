import type { Environment } from "@/lib/domain/environments";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { IN_PROCESS, PENDING_SEND } from "@/lib/domain/dgii-submissions";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { deadlineWords } from "@/lib/i18n/deadline-words";

import { activityRowText } from "./activity-view";
import type { ChecklistStepId, HomeData } from "./home";

/** One count of the home: its words and the page where it is dealt with; `active` when it asks for action. */
export interface HomeRow {
  id: string;
  text: string;
  href: string;
  active: boolean;
}

/** The home in the reader's words: what the page renders, nothing left to compute. */
export interface HomeView {
  intro: string;
  checklist: {
    intro: string;
    progress: string;
    steps: Array<{ id: ChecklistStepId; label: string; href: string; done: boolean; state: string }>;
  } | null;
  certificate: {
    tone: "neutral" | "warning" | "danger";
    text: string;
    link: { href: string; label: string };
  };
  service: { tone: "neutral" | "warning"; text: string; state: string } | null;
  rows: HomeRow[];
  allClear: boolean;
  activity: Array<{ id: string; when: string; action: string; actor: string }> | null;
}

/** Where each setup step is done. */
export const CHECKLIST_HREF: Record<ChecklistStepId, string> = {
  certificate: "/settings",
  authorizations: "/sequences",
  coverage: "/sequences",
  apiKey: "/settings/api-keys",
  approver: "/settings/users",
};

/** dd-MM-aaaa in Santo Domingo, whatever the browser's language. */
const day = (epochMs: number) => formatFechaHora(epochMs).slice(0, 10);

export function homeView(
  data: HomeData,
  t: Dictionary,
  locale: Locale,
  context: { environment: Environment; company: string },
): HomeView {
  const h = t.home;
  const environment = t.environments[context.environment];
  const rows: HomeRow[] = [];
  const count = (id: string, value: number, href: string, message: Parameters<typeof plural>[0]) => {
    if (value > 0) rows.push({ id, text: plural(message, value, locale), href, active: true });
  };
  const quiet = (id: string, text: string, href: string) => rows.push({ id, text, href, active: false });

  if (data.toSettle !== null) {
    if (data.toSettle > 0) count("to-settle", data.toSettle, "/voids/pending", h.counts.toSettle);
    else quiet("to-settle", h.counts.toSettleNone, "/voids/pending");
  }
  if (data.requestsWaiting !== null) {
    if (data.requestsWaiting > 0)
      count("requests", data.requestsWaiting, "/voids/requests", h.counts.requests);
    else quiet("requests", h.counts.requestsNone, "/voids/requests");
  }
  if (data.gaps.more) {
    rows.push({
      id: "gaps",
      text: format(h.counts.gapsMore, { limit: formatNumber(data.gaps.count, locale) }),
      href: "/sequences",
      active: true,
    });
  } else if (data.gaps.count > 0) count("gaps", data.gaps.count, "/sequences", h.counts.gaps);
  else quiet("gaps", h.counts.gapsNone, "/sequences");
  const { expiring, low, expiredUnused } = data.authorizations;
  count("authorizations-expiring", expiring, "/sequences", h.counts.expiring);
  count("authorizations-low", low, "/sequences", h.counts.low);
  count("authorizations-expired", expiredUnused, "/sequences", h.counts.expiredUnused);
  if (expiring + low + expiredUnused === 0)
    quiet("authorizations", h.counts.authorizationsNone, "/sequences");
  const { pendingSend, inProcess, nearestDeadline } = data.awaitingVerdict;
  count(
    "pending-send",
    pendingSend,
    `/documents?status=${encodeURIComponent(PENDING_SEND)}`,
    h.counts.pendingSend,
  );
  // The time left of the one to send first (or, with no window, how long the oldest has waited).
  const pendingRow = rows.find((row) => row.id === "pending-send");
  if (pendingRow && nearestDeadline) {
    const words = deadlineWords(nearestDeadline, t.contingency.deadline);
    pendingRow.text +=
      nearestDeadline.state === "none"
        ? format(h.counts.oldestWaiting, { age: words.age })
        : format(h.counts.nearestDeadline, { left: words.left });
  }
  count("in-process", inProcess, `/documents?status=${encodeURIComponent(IN_PROCESS)}`, h.counts.inProcess);
  if (pendingSend + inProcess === 0) quiet("documents", h.counts.documentsNone, "/documents");

  return {
    intro: format(h.intro, { company: context.company, environment }),
    checklist: data.checklist && {
      intro: format(h.checklist.intro, { environment }),
      progress: format(h.checklist.progress, {
        done: data.checklist.filter((step) => step.done).length,
        total: data.checklist.length,
      }),
      steps: data.checklist.map((step) => ({
        id: step.id,
        label: h.checklist.steps[step.id],
        href: CHECKLIST_HREF[step.id],
        done: step.done,
        state: step.done ? h.checklist.done : h.checklist.pending,
      })),
    },
    certificate: certificateView(data.certificate, h.certificate, locale),
    service: data.service && {
      tone: data.service.state === "down" || data.service.state === "maintenance" ? "warning" : "neutral",
      state: data.service.state,
      text: format(h.service[data.service.state], {
        environment,
        from: data.service.window ? formatFechaHora(data.service.window.from) : "",
        to: data.service.window ? formatFechaHora(data.service.window.to) : "",
      }),
    },
    rows,
    allClear:
      rows.every((row) => !row.active) &&
      data.certificate.state === "valid" &&
      (data.service === null || data.service.state === "up" || data.service.state === "unknown"),
    activity:
      data.activity &&
      data.activity.map((entry) => {
        const row = activityRowText(entry, t.activity);
        return { id: row.id, when: row.when, action: row.action, actor: row.actor };
      }),
  };
}

function certificateView(
  certificate: HomeData["certificate"],
  c: Dictionary["home"]["certificate"],
  locale: Locale,
): HomeView["certificate"] {
  if (certificate.state === "missing") {
    return { tone: "danger", text: c.missing, link: { href: "/settings", label: c.load } };
  }
  const date = day(certificate.notAfter);
  if (certificate.state === "expired") {
    return { tone: "danger", text: format(c.expired, { date }), link: { href: "/settings", label: c.load } };
  }
  if (certificate.state === "expiring") {
    return {
      tone: "warning",
      text: plural(c.expiring, certificate.daysLeft, locale, { date }),
      link: { href: "/settings", label: c.load },
    };
  }
  return { tone: "neutral", text: format(c.valid, { date }), link: { href: "/settings", label: c.open } };
}
