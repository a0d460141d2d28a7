import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { noForecast } from "@/lib/domain/authorization-forecast";
import type { InventoryView } from "@/lib/domain/ledger-views";
import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { InventoryTable } from "./inventory-table";

const daily = Array.from({ length: 90 }, (_, i) => (i === 89 ? 40 : 10));
const authorization = {
  id: "a1",
  secuenciaDesde: "E310000000001",
  secuenciaHasta: "E310000010000",
  fechaVencimiento: "31-12-2026",
  issued: 1_200,
  voided: 0,
  unknown: 0,
  available: 8_800,
  highestIssued: "E310000001200",
  nextFree: "E310000001201",
  alerts: [],
};

const inventory = (
  forecast: InventoryView["types"][number]["authorizations"][number]["forecast"],
  enough = true,
) =>
  ({
    types: [
      {
        serie: "E",
        tipoeCF: "31",
        unknown: 0,
        highestIssued: "E310000001200",
        outsideAuthorizations: { issued: 0, voided: 0 },
        use: enough
          ? { historyDays: 120, enoughHistory: true, pace30: 11, pace90: 10.33, daily }
          : { historyDays: 12, enoughHistory: false, pace30: null, pace90: null, daily },
        authorizations: [{ ...authorization, forecast }],
      },
    ],
  }) satisfies InventoryView;

const render = (view: InventoryView, locale: "es" | "en" = "es") =>
  renderToStaticMarkup(
    createElement(InventoryTable, {
      inventory: view,
      s: (locale === "es" ? es : en).sequences.inventory,
      locale,
      forecastSettings: { leadDays: 15, unusedPercent: 20 },
    }),
  );

describe("the inventory's forecast columns", () => {
  it("shows the pace, the run-out and request-by days, the numbers unused, and a chart named with its numbers", () => {
    const html = render(
      inventory({
        status: "forecast",
        runsOutOn: null,
        requestBy: "2026-12-16",
        unusedAtExpiry: 6_690,
        unusedPercent: 66.9,
        requestByNear: true,
        tooLarge: true,
      }),
    );
    expect(html).toContain("11.0 / 10.3 por día");
    expect(html).toContain("No antes de vencer");
    // A near request-by date stands out.
    expect(html).toContain('<strong title="Solicite la próxima autorización">16-12-2026</strong>');
    // es-DO writes 6,690 and 66.9.
    expect(html).toContain("6,690 (66.9 %)");
    expect(html).toContain("Más del 20 % sin usar: rango demasiado grande");
    expect(html).toMatch(
      /<svg role="img" aria-label="E31: uso diario de los últimos 90 días; 930 números en total, máximo 40 en un día, 11.0 por día/,
    );
    expect(html).toContain("<title>E31: uso diario");
    expect(html.match(/<polyline points="([^"]+)"/)![1]!.split(" ")).toHaveLength(90);
  });

  it("says there is not enough history, with no dates, in both languages", () => {
    const none = noForecast("not_enough_history");
    const html = render(inventory(none, false));
    expect(html).toContain("Menos de 30 días de historial (12): sin pronóstico");
    expect(html).not.toContain("por día</p>");
    expect(render(inventory(none, false), "en")).toContain("Under 30 days of history (12): no forecast");
  });
});
