import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ecfDeadline } from "@/lib/domain/ecf-deadline";
import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { DeadlineNote } from "./deadline-note";

const HOUR = 3_600_000;
const SIGNED = Date.UTC(2026, 11, 7, 12, 0, 0);

function render(options: {
  hours: number;
  inContingency?: boolean;
  receptionDown?: boolean;
  deferred?: number;
}) {
  const inContingency = options.inContingency ?? true;
  const deadline = ecfDeadline({
    signedAt: SIGNED,
    inContingency,
    deferredWindowHours: options.deferred ?? null,
    receptionDown: options.receptionDown ?? false,
    now: SIGNED + options.hours * HOUR,
  });
  const html = (t: typeof es) =>
    renderToStaticMarkup(
      createElement(DeadlineNote, { deadline: { ...deadline, inContingency }, t: t.contingency.deadline }),
    );
  return { es: html(es), en: html(en) };
}

describe("an e-CF not yet received by DGII: its time left in the list and on its page", () => {
  it("in a contingency: the time left, its age, the mark, and the rule's doubt in the tooltip", () => {
    const { es: html, en: english } = render({ hours: 2 });
    expect(html).toContain('data-state="running"');
    expect(html).toContain("Quedan 2 d 22 h");
    expect(html).toContain("Firmado hace 2 h 0 min");
    expect(html).toContain("Emitido en contingencia");
    expect(html).toContain("no aclara si el plazo cuenta desde la firma");
    expect(english).toContain("2 d 22 h left");
  });

  it("approaching and missed stand out; missed says how long ago", () => {
    expect(render({ hours: 60 }).es).toMatch(/data-state="approaching".*<strong>Quedan 12 h 0 min<\/strong>/);
    expect(render({ hours: 75 }).es).toMatch(/data-state="missed".*<strong>Vencido hace 3 h 0 min<\/strong>/);
  });

  it("while DGII's reception is down: DGII no disponible, never missed", () => {
    const { es: html } = render({ hours: 100, receptionDown: true });
    expect(html).toContain("DGII no disponible");
    expect(html).not.toContain("Vencido");
  });

  it("outside a contingency without a deferred window: no deadline, only the age", () => {
    const { es: html } = render({ hours: 30, inContingency: false });
    expect(html).toContain("Sin plazo");
    expect(html).toContain("Firmado hace 1 d 6 h");
    expect(html).not.toContain("Emitido en contingencia");
    expect(render({ hours: 30, inContingency: false, deferred: 24 }).es).toContain("Vencido hace 6 h 0 min");
  });
});
