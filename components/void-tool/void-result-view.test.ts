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

const company = { name: "Demo SRL", rnc: "130000001" };
const renderRecord = (record: Record<string, unknown>, locale: "es" | "en" = "es") =>
  renderToStaticMarkup(
    createElement(VoidResultView, {
      record: { ...accepted, ...record } as typeof accepted,
      voidId: accepted.voidId,
      environment: "TesteCF",
      locale,
      selfHref: "/tools/void-encf/result/x",
      company,
    }),
  );

describe('the void tool\'s result: a receipt and "anulados" only for what DGII voided', () => {
  it("an accepted void lists its ranges as voided and offers the receipt", () => {
    const html = renderRecord({});
    expect(html).toContain(es.voidTool.result.rangesTitle);
    expect(html).toContain(es.voidTool.result.print);
    expect(html).toContain('data-testid="void-receipt"');
    expect(html).toContain('data-testid="void-result-ranges"');
    expect(html).not.toContain("void-result-sent-ranges");
  });

  it("a rejected void shows its ranges as not voided, with no receipt (es, en)", () => {
    const rejected = { status: "Rechazado", taxauthCode: "2", taxauthName: "Rechazado" };
    for (const [locale, dictionary] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const html = renderRecord(rejected, locale);
      expect(html).toContain(dictionary.voidTool.result.rangesRejectedTitle);
      expect(html).toContain('data-testid="void-result-sent-ranges"');
      expect(html).toContain("E310000000001");
      expect(html).not.toContain(dictionary.voidTool.result.rangesTitle);
      expect(html).not.toContain(dictionary.voidTool.result.print);
      expect(html).not.toContain("void-receipt");
    }
  });

  it("an Error (outcome unknown) shows its ranges as sent and unconfirmed, with no receipt", () => {
    const html = renderRecord({
      status: "Error",
      taxauthCode: null,
      taxauthName: null,
      errorCode: "NOT_CONFIRMED",
    });
    expect(html).toContain(es.voidTool.result.rangesUnconfirmedTitle);
    expect(html).toContain(es.voidTool.result.rangesUnconfirmedNote);
    expect(html).not.toContain(es.voidTool.result.rangesTitle);
    expect(html).not.toContain(es.voidTool.result.print);
    expect(html).not.toContain("void-receipt");
  });

  it("a partial success prints a receipt of the voided part and says what was excepted", () => {
    const html = renderRecord({
      totalVoided: 8,
      ranges: [
        { tipoeCF: "31", secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000003", cantidad: 3 },
        { tipoeCF: "31", secuenciaDesde: "E310000000006", secuenciaHasta: "E310000000010", cantidad: 5 },
      ],
      excepted: [
        { tipoeCF: "31", secuenciaDesde: "E310000000004", secuenciaHasta: "E310000000005", cantidad: 2 },
      ],
      totalExcepted: 2,
    });
    expect(html).toContain('data-testid="void-receipt"');
    expect(html).toContain(es.voidTool.result.print);
    expect(html).toContain('data-testid="voided-ranges"');
    expect(html).toContain('data-testid="excepted-ranges"');
    expect(html).toContain(es.voidTool.receipt.excepted);
    expect(html).not.toContain("void-result-sent-ranges");
  });
});

describe("the void tool's result: an Error's transport detail", () => {
  const failed = {
    ...accepted,
    status: "Error" as const,
    taxauthCode: null,
    taxauthName: null,
    errorCode: "TAXAUTH_VOID_ERROR",
    errorMessage: "Error de red con DGII: ECONNRESET",
  };
  const renderFailed = (locale: "es" | "en") =>
    renderToStaticMarkup(
      createElement(VoidResultView, {
        record: failed,
        voidId: failed.voidId,
        environment: "TesteCF",
        locale,
        selfHref: "/tools/void-encf/result/x",
      }),
    );

  it("is a sentence in the portal's language, the network code small and the stored text on hover", () => {
    const html = renderFailed("es");
    expect(html).toContain("Detalle técnico: <span");
    expect(html).toContain(es.voidStatus.errorCauses.ECONNRESET);
    expect(html).toContain('<small class="muted mono">ECONNRESET</small>');
    expect(html).toContain('title="Error de red con DGII: ECONNRESET"');
    expect(renderFailed("en")).toContain(en.voidStatus.errorCauses.ECONNRESET);
  });
});

describe("the void tool's result: the receipt", () => {
  it("wraps what prints in one element, the page's summary card outside it", () => {
    const html = renderToStaticMarkup(
      createElement(VoidResultView, {
        record: accepted,
        voidId: accepted.voidId,
        environment: "TesteCF",
        locale: "es",
        selfHref: "/tools/void-encf/result/x",
        company: { name: "Demo", rnc: "130000001" },
      }),
    );
    const paper = html.indexOf('data-testid="void-receipt-paper"');
    expect(paper).toBeGreaterThan(-1);
    // The summary (its void id) comes before the paper, so the print stylesheet leaves it off.
    expect(html.indexOf('data-testid="void-result-id"')).toBeLessThan(paper);
    expect(html.indexOf('data-testid="void-receipt"')).toBeGreaterThan(paper);
    expect(html.indexOf('data-testid="print-receipt"')).toBeGreaterThan(paper);
  });
});
