import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { VoidResultView } from "./void-result-view";

const accepted = {
  voidId: "01a21589-c654-730c-938e-639d3dc2a41e",
  status: "Aceptado" as const,
  environment: "TesteCF" as const,
  fechaHoraAnulacion: "22-11-2026 08:30:00",
  totalVoided: 1,
  ranges: [{ tipoeCF: "31", secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000001", cantidad: 1 }],
  fileName: "130000001ANECF01a21589-c654-730c-938e-639d3dc2a41e.xml",
  taxauthCode: "1",
  taxauthName: "Aceptado",
  taxauthResponse: [],
  errorMessage: null,
  createdAt: 1_794_793_684_090,
  createdBy: "demo@anula.local (portal)",
};

const render = (simulated: boolean | undefined, locale: "es" | "en" = "es") =>
  renderToStaticMarkup(
    createElement(VoidResultView, {
      record: accepted,
      voidId: accepted.voidId,
      environment: "TesteCF",
      locale,
      selfHref: "/tools/void-encf/result/x",
      simulated,
    }),
  );

describe("the void tool's result: a simulator's answer", () => {
  it("is marked simulated, never shown as DGII's word alone (es, en)", () => {
    expect(render(true)).toContain('data-testid="void-simulated"');
    expect(render(true)).toContain(es.voidDetail.simulated.slice(0, 40));
    expect(render(true, "en")).toContain(en.voidDetail.simulated.slice(0, 40));
  });

  it("carries no such mark when DGII answered", () => {
    expect(render(false)).not.toContain("void-simulated");
    expect(render(undefined)).not.toContain("void-simulated");
  });
});
