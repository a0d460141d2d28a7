import type { APIRequestContext } from "@playwright/test";

import { demoApiKey, demoIdToken, expect, test } from "./fixtures";

/**
 * The inventory's forecast (Secuencias → Inventario): a series+type used for 120 days shows its pace,
 * a chart of its last 90 days named with its numbers, "not before it expires", the request-by day
 * (the company's lead time before the expiry) and the numbers left unused; changing the lead time in
 * Configuración → Contingencia moves the request-by day. A series+type used for 10 days says there
 * is not enough history. Each run takes its own series letters (the demo company issues from E), so
 * other specs' documents never count in the pace; the authorizations are deleted and the settings
 * restored at the end.
 */

const DAY = 86_400_000;
const LETTERS = "FGHJKLMNQRSTUVWXYZ";
const pick = (avoid = "") => {
  const choices = [...LETTERS].filter((letter) => letter !== avoid);
  return choices[Math.floor(Math.random() * choices.length)]!;
};
const encf = (serie: string, n: number) => `${serie}31${String(n).padStart(10, "0")}`;
/** dd-MM-yyyy HH:mm:ss in Santo Domingo (UTC−4), as DGII writes a signing time. */
const fechaHora = (ms: number) => {
  const local = new Date(ms - 4 * 3_600_000).toISOString();
  return `${local.slice(8, 10)}-${local.slice(5, 7)}-${local.slice(0, 4)} ${local.slice(11, 19)}`;
};

/** `perDay` e-CF of `serie` on each of the `days` days before today (midday), numbered from 1. */
async function importDaily(request: APIRequestContext, serie: string, perDay: number, days: number) {
  const now = Date.now();
  const documents = [];
  let n = 1;
  for (let back = days; back >= 1; back -= 1) {
    for (let i = 0; i < perDay; i += 1, n += 1) {
      const at = now - back * DAY;
      documents.push({ ncf: encf(serie, n), status: "Aceptado", createdAt: at, fechaFirma: fechaHora(at) });
    }
  }
  const imported = await request.post("/TesteCF/documentos-ecf/import", {
    headers: { authorization: `Bearer ${await demoIdToken(request)}`, "x-api-key": demoApiKey() },
    data: { documents },
  });
  expect(imported.status()).toBe(200);
}

test("the inventory forecasts each authorization, charts the type's use, and says when history is too short", async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(120_000);
  const used = pick();
  const young = pick(used);
  await importDaily(request, used, 2, 120);
  await importDaily(request, young, 3, 10);
  const expiryYear = new Date().getUTCFullYear() + 1;
  const headers = { authorization: `Bearer ${await demoIdToken(request)}` };
  const ids: string[] = [];
  for (const serie of [used, young]) {
    const created = await request.post("/TesteCF/secuencias/autorizaciones", {
      headers,
      data: {
        secuenciaDesde: encf(serie, 1),
        secuenciaHasta: encf(serie, 5_000),
        fechaAutorizacion: "02-01-2026",
        fechaVencimiento: `31-12-${expiryYear}`,
      },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }

  const setForecast = async (leadDays: string, unusedPercent: string) => {
    await page.goto("/settings/contingency");
    const form = page.getByTestId("deadline-settings");
    await form.getByLabel(/Días para obtener la próxima autorización/).fill(leadDays);
    await form.getByLabel(/Avisar si quedaría sin usar al vencer/).fill(unusedPercent);
    await form.getByRole("button", { name: "Guardar plazos" }).click();
    await expect(form.getByTestId("deadline-settings-result")).toContainText("Plazos guardados");
  };

  try {
    await page.goto("/sequences");
    const row = page.getByTestId(`inventory-${used}31`);
    // 2 a day: 4,760 numbers left last well past the expiry.
    await expect(row.getByText("2.0 / 2.0 por día")).toBeVisible();
    await expect(row.getByTestId("inventory-runs-out")).toHaveText("No antes de vencer");
    await expect(row.getByTestId("inventory-request-by")).toHaveText(`16-12-${expiryYear}`);
    await expect(row.getByTestId("inventory-unused")).toContainText("%");
    await expect(row.getByTestId("inventory-unused")).toContainText("rango demasiado grande");
    const chart = row.getByRole("img", { name: /uso diario de los últimos 90 días/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute(
      "aria-label",
      `${used}31: uso diario de los últimos 90 días; 180 números en total, máximo 2 en un día, 2.0 por día en los últimos 30 días`,
    );
    await expect(page.getByTestId("inventory-forecast-note")).toContainText("15 días");

    const short = page.getByTestId(`inventory-${young}31`);
    await expect(short.getByTestId("inventory-not-enough-history")).toContainText(
      "Menos de 30 días de historial",
    );
    await expect(short.getByTestId("inventory-request-by")).toHaveText("—");
    await expect(short.getByTestId("inventory-runs-out")).toHaveText("—");
    await expect(short.getByRole("img", { name: /30 números en total/ })).toBeVisible();

    // The company's lead time moves the request-by day.
    await setForecast("30", "20");
    await page.goto("/sequences");
    await expect(row.getByTestId("inventory-request-by")).toHaveText(`01-12-${expiryYear}`);
    await expect(page.getByTestId("inventory-forecast-note")).toContainText("30 días");
  } finally {
    await setForecast("15", "20");
    for (const id of ids) await request.delete(`/TesteCF/secuencias/autorizaciones/${id}`, { headers });
  }
});
