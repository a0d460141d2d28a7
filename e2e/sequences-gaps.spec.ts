import {
  chooseReason,
  demoApiKey,
  demoIdToken,
  expect,
  freshLowRange,
  freshRange,
  screenshot,
  test,
} from "./fixtures";

/**
 * The sequence ledger's path in the portal, on the built app: documents 1, 2, 4 and 5 of a fresh
 * type-33 block imported (issued four days ago, past the 72-hour quiet period), the import-coverage
 * mark set on Secuencias, the review proposes 3 (what was checked shown, DGII's consultatrackids saying
 * it was never received), "Anular estos rangos" opens the void tool with 3 as its draft, the void is
 * accepted by the embedded simulator, and the gap is gone from the review.
 */

const at = (encf: string, n: number) =>
  `${encf.slice(0, 3)}${String(Number(encf.slice(3)) + n).padStart(10, "0")}`;

/** yyyy-MM-ddTHH:mm in Santo Domingo time (UTC−4), as the datetime-local field takes it. */
const santoDomingo = (epochMs: number) => new Date(epochMs - 4 * 3_600_000).toISOString().slice(0, 16);

test("a skipped number is proposed, voided from the review's draft, and then gone", async ({
  signedIn: page,
  request,
}) => {
  const block = freshLowRange("33", 5);
  const gap = at(block.desde, 2);
  const issuedAt = Date.now() - 4 * 24 * 3_600_000;
  const imported = await request.post("/TesteCF/documentos-ecf/import", {
    headers: { authorization: `Bearer ${await demoIdToken(request)}`, "x-api-key": demoApiKey() },
    data: {
      documents: [0, 1, 3, 4].map((n) => ({
        ncf: at(block.desde, n),
        status: "Aceptado",
        createdAt: issuedAt,
      })),
    },
  });
  expect(imported.status()).toBe(200);
  expect(await imported.json()).toMatchObject({ created: 4, invalid: 0 });

  await page.goto("/sequences");
  await expect(page.getByRole("heading", { level: 1, name: "Secuencias" })).toBeVisible();
  await page.getByTestId("coverage-input").fill(santoDomingo(Date.now() - 60_000));
  await page.getByRole("button", { name: "Guardar marca" }).click();
  await expect(page.getByTestId("coverage-result")).toContainText("Marca de cobertura guardada.");

  const row = page.locator(`[data-testid="gap-row"][data-range="${gap}-${gap}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("Salto");
  await expect(row).toContainText(/número mayor E33\d{10} emitido/);
  await expect(page.getByTestId("gaps-dgii-note")).toContainText("tipo 32 por debajo de RD$250,000");
  // Neighbours that were imported are not proposed.
  await expect(page.locator(`[data-testid="gap-row"][data-range^="${at(block.desde, 1)}-"]`)).toHaveCount(0);

  await row.getByRole("checkbox").check();
  await expect(page.getByTestId("gaps-selected")).toHaveText("1 rango seleccionado");
  await page.getByTestId("gaps-verify").click();
  await expect(row.getByTestId("gap-dgii")).toHaveText("Nunca recibido", { timeout: 20_000 });
  await screenshot(page, "sequences-gap-review");

  await page.getByRole("button", { name: "Anular estos rangos" }).click();
  await expect(page).toHaveURL(/\/tools\/void-encf\?gaps=[a-z0-9]+&part=1/);
  await expect(page.getByTestId("gaps-draft-notice")).toContainText(
    "Borrador preparado desde la revisión de huecos: 1 rango",
  );
  await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue(gap);
  await expect(page.getByLabel(/^Línea 1: e-NCF final/)).toHaveValue(gap);
  await expect(page.getByLabel("Línea 2: e-NCF inicial (desde)")).toHaveCount(0);
  // The proposal brings lines, never a reason: the clerk chooses it, none is preset.
  await expect(page.locator("#void-reason-code")).toHaveValue("");
  await expect(page.locator("#void-reason-text")).toHaveValue("");
  await chooseReason(page, { code: "08", text: "Salto del ERP: número nunca emitido" });
  await page.getByRole("button", { name: "Revisar y anular…" }).click();
  await page
    .getByRole("dialog", { name: "Confirmar la anulación" })
    .getByRole("button", { name: /^Anular 1 secuencia/ })
    .click();
  await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
  await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado");
  await expect(page.getByTestId("void-reason-label").first()).toHaveText("08 · Errores en secuencia de NCF");

  await page.goto("/sequences");
  await expect(page.getByTestId("gap-review")).toBeVisible();
  await expect(page.locator(`[data-testid="gap-row"][data-range="${gap}-${gap}"]`)).toHaveCount(0);
  await screenshot(page, "sequences-gap-gone");
});

test("before the confirmation: used numbers block the void, a range outside the authorizations only warns", async ({
  signedIn: page,
  request,
}) => {
  // Type 47: no other spec voids it, so its authorization (deleted at the end) warns no one else.
  const block = freshRange("47", 10);
  const used = at(block.desde, 2);
  const headers = { authorization: `Bearer ${await demoIdToken(request)}` };
  const imported = await request.post("/TesteCF/documentos-ecf/import", {
    headers: { ...headers, "x-api-key": demoApiKey() },
    data: { documents: [{ ncf: used, status: "Aceptado" }] },
  });
  expect(imported.status()).toBe(200);
  const authorization = await request.post("/TesteCF/secuencias/autorizaciones", {
    headers,
    data: {
      secuenciaDesde: block.desde,
      secuenciaHasta: at(block.desde, 5),
      fechaAutorizacion: "02-01-2026",
    },
  });
  expect(authorization.status()).toBe(201);
  const { id } = (await authorization.json()) as { id: string };
  try {
    await page.goto("/tools/void-encf");
    const desde = page.getByLabel("Línea 1: e-NCF inicial (desde)");
    const hasta = page.getByLabel(/^Línea 1: e-NCF final/);
    await desde.fill(block.desde);
    await hasta.fill(at(block.desde, 3));
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const warnings = page.getByTestId("void-warnings");
    await expect(warnings.getByTestId("void-used")).toContainText(`el e-NCF ${used} ya fue emitido`);
    await expect(warnings).toContainText("nota de crédito (e-CF 34");
    await expect(page.getByRole("dialog", { name: "Confirmar la anulación" })).toHaveCount(0);
    await screenshot(page, "void-tool-sequence-used");

    // 4–7: nothing issued there, 6–7 outside the authorization entered — a warning, the send goes on.
    await desde.fill(at(block.desde, 4));
    await hasta.fill(at(block.desde, 7));
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar la anulación" });
    await expect(dialog.getByTestId("void-outside-authorization")).toContainText(
      `${at(block.desde, 6)} – ${at(block.desde, 7)} (2) está fuera de las autorizaciones registradas del tipo 47.`,
    );
    await dialog.getByRole("button", { name: /^Anular 4 secuencias/ }).click();
    await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
    await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado");
    await expect(page.getByTestId("void-result-warnings")).toContainText(
      `${at(block.desde, 6)} – ${at(block.desde, 7)} (2) está fuera`,
    );
  } finally {
    await request.delete(`/TesteCF/secuencias/autorizaciones/${id}`, { headers });
  }
});
