import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { VoidServiceBanner } from "./void-service-banner";

/** DGII's sample window: 06-08-2020 1:00 PM – 4:00 PM, Santo Domingo time (UTC−4). */
const window = { from: Date.parse("2020-08-06T17:00:00Z"), to: Date.parse("2020-08-06T20:00:00Z") };
const render = (props: Parameters<typeof VoidServiceBanner>[0]) =>
  renderToStaticMarkup(createElement(VoidServiceBanner, props));

describe("the shell's DGII status banner", () => {
  it("shows a maintenance window with its times in Santo Domingo, in Spanish and English", () => {
    const status = { state: "maintenance" as const, window, checkedAt: window.from };
    const spanish = render({ status, environment: "eCF", t: es });
    expect(spanish).toContain('data-testid="taxauth-status-banner"');
    expect(spanish).toContain('data-state="maintenance"');
    expect(spanish).toContain(
      "La DGII anuncia Anulación Rangos de eCF (producción) en mantenimiento del 06-08-2020 13:00 al 06-08-2020 16:00 (hora de Santo Domingo).",
    );
    expect(render({ status, environment: "eCF", t: en })).toContain(
      "in maintenance from 06-08-2020 13:00 to 06-08-2020 16:00 (Santo Domingo time)",
    );
  });

  it("shows DGII's announced outage of the environment", () => {
    const status = { state: "down" as const, checkedAt: window.from };
    expect(render({ status, environment: "TesteCF", t: es })).toContain(
      "La DGII informa que Anulación Rangos de TesteCF (pruebas) no está disponible.",
    );
    expect(render({ status, environment: "CerteCF", t: en })).toContain(
      "DGII reports Anulación Rangos (range voiding) of CerteCF (certification) as unavailable.",
    );
  });

  it("shows nothing while up, unknown, or without a key", () => {
    for (const status of [
      { state: "up" as const, checkedAt: 1 },
      { state: "unknown" as const, checkedAt: null },
      null,
      undefined,
    ]) {
      expect(render({ status, environment: "TesteCF", t: es })).toBe("");
    }
  });
});
