import { randomUUID } from "node:crypto";

import { expect, freshRange, markIssued, test, voidViaApi } from "./fixtures";

/**
 * Finding things: "¿Está anulado este e-NCF?" in the history, the ranges in its rows, the
 * CSV one row per range with Spanish headers, the document lookup's voided note, malformed entries,
 * repeats and export; settings pages' <title> in the user's language.
 */
test.describe("finding things", () => {
  test("the history answers whether an e-NCF is voided, by any number inside a range of any attempt", async ({
    signedIn: page,
    request,
  }) => {
    const accepted = freshRange("31", 10);
    const voided = await voidViaApi(request, [
      { secuenciaDesde: accepted.desde, secuenciaHasta: accepted.hasta },
    ]);
    expect(voided.status).toBe(200);
    const acceptedId = voided.body.voidId as string;
    const used = freshRange("31", 3);
    await markIssued(used.desde, used.hasta);
    const refused = await voidViaApi(request, [{ secuenciaDesde: used.desde, secuenciaHasta: used.hasta }]);
    expect(refused.status).toBe(422);
    const rejectedId = refused.body.voidId as string;

    // A number in the middle of the accepted range.
    const middle = `E31${String(Number(accepted.desde.slice(3)) + 4).padStart(10, "0")}`;
    await page.goto("/voids?env=TesteCF");
    await page.getByLabel("¿Está anulado este e-NCF?").fill(middle.toLowerCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    const result = page.getByTestId("void-search-result");
    await expect(result).toHaveAttribute("data-voided", "true");
    await expect(result).toContainText(`${middle} está en 1 anulación de TesteCF:`);
    await expect(result).toContainText("Anulado: la DGII aceptó una anulación que lo incluye.");
    const hit = result.getByTestId("void-search-hit");
    await expect(hit).toHaveAttribute("data-void-id", acceptedId);
    // The hit shows the short id with a copy button, as the history rows do.
    // Its name starts with what it shows (axe's label-content-name-mismatch), then the whole id.
    const short = `${acceptedId.slice(0, 8)}…${acceptedId.slice(-4)}`;
    await expect(hit.getByRole("link", { name: `${short} (${acceptedId})`, exact: true })).toHaveText(short);
    await expect(hit.getByTestId("copy-button")).toBeVisible();
    // "Copiar" says it copied: on the button and in a polite live region; the clipboard holds the id.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await hit.getByTestId("copy-button").click();
    await expect(hit.getByTestId("copy-button")).toHaveText("✓ Copiado");
    await expect(hit.getByTestId("copy-status")).toHaveText("Copiado");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(acceptedId);
    await expect(hit).toContainText(`${accepted.desde} – ${accepted.hasta}`);

    // A number of a rejected attempt: found, but not voided.
    const second = `E31${String(Number(used.desde.slice(3)) + 1).padStart(10, "0")}`;
    await page.goto(`/voids?env=TesteCF&encf=${second}`);
    await expect(result).toHaveAttribute("data-voided", "false");
    await expect(result.getByTestId("void-search-hit")).toHaveAttribute("data-void-id", rejectedId);
    await expect(result).toContainText("No está anulado");

    // Nothing covers it; a malformed one is said in the field, once.
    await page.goto(`/voids?env=TesteCF&encf=E330000000001`);
    await expect(result).toContainText("Ninguna anulación en TesteCF incluye E330000000001.");
    await page.goto(`/voids?env=TesteCF&encf=E3100000`);
    await expect(page.getByText('El e-NCF "E3100000" debe tener 13 posiciones.')).toHaveCount(1);

    // The rows show the ranges; the id is shortened with a copy button; no "voidId" header.
    await page.goto("/voids?env=TesteCF");
    const row = page.locator(`tr[data-void-id="${acceptedId}"]`);
    await expect(row.getByTestId("row-ranges")).toHaveText(`${accepted.desde} – ${accepted.hasta}`);
    await expect(row.getByRole("link", { name: `${short} (${acceptedId})`, exact: true })).toHaveText(short);
    await expect(row.getByTestId("copy-button")).toBeVisible();
    await expect(page.getByTestId("void-history").locator("th")).not.toContainText(["voidId"]);
  });

  test("a formula in user text reaches the CSV neutralised: a service account named =2+3… sends a void", async ({
    signedIn: page,
  }) => {
    // The service account's name is the user-controlled text that reaches the CSV ("Enviado por").
    const name = `=2+3 ERP ${randomUUID().slice(0, 6)}`;
    await page.goto("/settings/service-accounts");
    const form = page.getByTestId("service-account-create");
    await form.getByLabel("Nombre").fill(name);
    await form.getByLabel("Enviar anulaciones (voids:send)").check();
    await form.getByRole("button", { name: "Crear cuenta de servicio" }).click();
    const clientId = ((await page.getByTestId("service-account-client-id").textContent()) ?? "").trim();
    const secret = ((await page.getByTestId("service-account-secret-value").textContent()) ?? "").trim();
    const token = await page.request.post("/auth/token", { data: { username: clientId, password: secret } });
    expect(token.status()).toBe(200);
    const { idToken } = (await token.json()) as { idToken: string };
    const range = freshRange("31", 2);
    const sent = await page.request.post("/TesteCF/customer/void-ncf", {
      headers: { authorization: `Bearer ${idToken}` },
      data: { ranges: [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }] },
    });
    expect(sent.status()).toBe(200);
    const voidId = ((await sent.json()) as { voidId: string }).voidId;

    const csv = await page.request.get("/voids/export?env=TesteCF&status=Aceptado");
    expect(csv.status()).toBe(200);
    const line = (await csv.text()).split("\r\n").find((row) => row.includes(voidId)) ?? "";
    // The cell starts with an apostrophe: a spreadsheet shows it as text, never computes it.
    expect(line).toContain(`,'${name} (cuenta de servicio ${clientId})`);
    expect(line).not.toContain(`,${name}`);
  });

  test("the CSV has Spanish headers, one row per range, dates as shown", async ({
    signedIn: page,
    request,
  }) => {
    const start = Number(freshRange("44", 1).desde.slice(3));
    const ranges = Array.from({ length: 3 }, (_, i) => {
      const encf = `E44${String(start + 5 * i).padStart(10, "0")}`;
      return { secuenciaDesde: encf, secuenciaHasta: encf };
    });
    const voided = await voidViaApi(request, ranges);
    expect(voided.status).toBe(200);
    const voidId = voided.body.voidId as string;
    const csv = await page.request.get("/voids/export?env=TesteCF&status=Aceptado");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Fecha,Anulación,Estado,Ambiente,Fecha y hora de anulación,Total anulado,Tipo,Desde,Hasta,Cantidad," +
        "Exceptuado por la DGII,Archivo,Código DGII,Respuesta DGII,Mensajes DGII,Enviado por," +
        "Motivo,Código de motivo,Descripción del motivo",
    );
    const mine = lines.filter((line) => line.includes(voidId));
    expect(mine).toHaveLength(3);
    for (const [i, line] of mine.entries()) {
      expect(line).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2},/);
      expect(line).toContain(`,44,${ranges[i]!.secuenciaDesde},${ranges[i]!.secuenciaHasta},1,`);
      expect(line).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      // An API void without motivo: worded "Sin motivo", no code, no text (never a default reason).
      expect(line.endsWith(",Sin motivo,,")).toBe(true);
    }
  });

  test("the document lookup: voided note, malformed entries, repeats once, CSV", async ({
    signedIn: page,
    request,
  }) => {
    const range = freshRange("32", 5);
    const voided = await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    expect(voided.status).toBe(200);
    const inside = `E32${String(Number(range.desde.slice(3)) + 2).padStart(10, "0")}`;
    await page.goto(`/documents?ecf=${inside}`);
    const note = page.getByTestId("voided-note");
    await expect(note).toContainText(
      `${inside} no está registrado como documento, pero está dentro de un rango anulado`,
    );
    await expect(note).toContainText(`${range.desde} – ${range.hasta}`);
    await page.goto("/documents?ecf=E3100000");
    await expect(page.getByText("debe tener 13 posiciones")).toHaveCount(1);

    await page.goto("/documents");
    await page.getByLabel(/e-NCF \(uno por línea/).fill(`${inside}\nE31000000000X\n${inside}\nE330000000001`);
    await page.getByRole("button", { name: "Consultar lote" }).click();
    const results = page.getByTestId("document-result");
    await expect(results).toHaveCount(3);
    await expect(page.getByTestId("duplicates-note")).toHaveText("Se omitió 1 e-NCF repetido.");
    await expect(page.locator('[data-ncf="E31000000000X"]')).toHaveAttribute("data-found", "malformed");
    await expect(page.locator('[data-ncf="E31000000000X"]')).toContainText("Inválido");
    await expect(page.locator(`[data-ncf="${inside}"]`).getByTestId("voided-note")).toBeVisible();
    const href = await page.getByTestId("export-documents").getAttribute("href");
    const csv = await page.request.get(href ?? "");
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "e-NCF,Estado,Tipo de documento,RNC comprador,Monto total,Creado,Actualizado,Código de seguridad,Recibido por el cliente,Anulación,Vence el,Tiempo restante,Antigüedad",
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^E31000000000X,Inválido,/);
  });

  test("settings pages' <title> follows the language", async ({ signedIn: page, context, baseURL }) => {
    await context.addCookies([{ name: "anula_lang", value: "en", url: baseURL! }]);
    for (const [path, title] of [
      ["/settings", "Settings"],
      ["/settings/users", "Users"],
      ["/settings/api-keys", "API keys"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(new RegExp(title));
      await expect(page).not.toHaveTitle(/Configuración|Usuarios|Claves API/);
    }
  });
});
