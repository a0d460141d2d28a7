import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";

import { getDictionary, plural } from "@/lib/i18n";

import {
  chooseReason,
  DEMO,
  demoApiKey,
  demoIdToken,
  expect,
  freshLowRange,
  freshRange,
  screenshot,
  seriousAxeFindings,
  simulatorAdmin,
  test,
} from "./fixtures";

/**
 * The sequence ledger never proposes, and the void tool never passes, a number that was used — the
 * new clerk's walk of the turn-3 portal review, on the built app with the embedded simulator:
 * - the demo's seeded documents are in the ledger on a fresh start (Secuencias lists them, the tool
 *   refuses them);
 * - the gap review: "Verificar en la DGII" on a proposed number DGII received takes it out of the
 *   proposal and the selection with the reason on screen; "Anular estos rangos" carries only the rest;
 *   the tool checks the proposal again as it opens (a number imported meanwhile is marked at once);
 *   the void ends Aceptado with no used number sent and the real gap voided, as the simulator's own
 *   ledger shows;
 * - the void tool's used-number block: each line holding a used number marked, the summary red with
 *   the count, "Quitar lo emitido" per line and for all (exactly the used numbers, the line split
 *   around them), the blocking error apart from the notices; axe clean at 1280 and 390 px.
 */

const t = getDictionary("es");
const s = t.voidTool;
const TOOL = "/tools/void-encf";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const at = (encf: string, n: number) =>
  `${encf.slice(0, 3)}${String(Number(encf.slice(3)) + n).padStart(10, "0")}`;
/** yyyy-MM-ddTHH:mm in Santo Domingo time (UTC−4), as the datetime-local field takes it. */
const santoDomingo = (epochMs: number) => new Date(epochMs - 4 * 3_600_000).toISOString().slice(0, 16);

const desde = (page: Page, line: number) => page.getByLabel(`Línea ${line}: e-NCF inicial (desde)`);
const hasta = (page: Page, line: number) => page.getByLabel(new RegExp(`^Línea ${line}: e-NCF final`));
const line = (page: Page, n: number) => page.locator(`[data-line="${n}"]`);
const gapRow = (page: Page, encf: string) =>
  page.locator(`[data-testid="gap-row"][data-range="${encf}-${encf}"]`);

/** Imports documents through the REST import (an ERP's path), issued `issuedAt`. */
async function importIssued(request: APIRequestContext, numbers: string[], issuedAt = Date.now()) {
  const response = await request.post("/TesteCF/documentos-ecf/import", {
    headers: { authorization: `Bearer ${await demoIdToken(request)}`, "x-api-key": demoApiKey() },
    data: { documents: numbers.map((ncf) => ({ ncf, status: "Aceptado", createdAt: issuedAt })) },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ invalid: 0 });
}

/** What the simulated DGII has voided for the demo RNC in TesteCF (its own ledger, merged ranges). */
async function voidedAtDgii(): Promise<Array<{ from: string; to: string }>> {
  const answer = (await simulatorAdmin(
    `/admin/voided-ranges?environment=TesteCF&rnc=${DEMO.rnc}`,
    undefined,
    "GET",
  )) as { ranges: Array<{ from: string; to: string }> };
  return answer.ranges;
}

const isVoided = (ranges: Array<{ from: string; to: string }>, encf: string) =>
  ranges.some(
    (range) => range.from.slice(0, 3) === encf.slice(0, 3) && range.from <= encf && encf <= range.to,
  );

/** Sets the import-coverage mark on Secuencias a minute ago (gaps are proposed only below it). */
async function markCoverage(page: Page) {
  await page.goto("/sequences");
  await page.getByTestId("coverage-input").fill(santoDomingo(Date.now() - 60_000));
  await page.getByRole("button", { name: "Guardar marca" }).click();
  await expect(page.getByTestId("coverage-result")).toContainText("Marca de cobertura guardada.");
}

test("the demo's seeded documents are in the ledger on a fresh start: Secuencias lists them, the tool refuses them", async ({
  signedIn: page,
}) => {
  await page.goto("/sequences");
  const inventory = page.getByTestId("sequences-inventory");
  await expect(inventory).not.toContainText(t.sequences.inventory.empty);
  // Every demo type with a used document (Aceptado, Aceptado Condicional, En Proceso) has its row.
  for (const type of ["E31", "E32", "E33", "E34", "E41", "E43", "E45", "E46"]) {
    await expect(inventory.getByTestId(`inventory-${type}`).first()).toBeVisible();
  }

  // E310000000001 (Aceptado) and E310000000002 (Aceptado Condicional) are seeded: never voidable.
  await page.goto(TOOL);
  await desde(page, 1).fill("E310000000001");
  await hasta(page, 1).fill("E310000000002");
  await chooseReason(page);
  await page.getByRole("button", { name: s.actions.review }).click();
  await expect(line(page, 1)).toHaveAttribute("data-status", "used");
  await expect(page.getByTestId("summary-used")).toHaveText(
    plural(s.summary.alreadyIssued, 2, "es", { lines: plural(s.summary.issuedLines, 1, "es") }),
  );
  await expect(page.getByTestId("void-blocked").getByTestId("void-used")).toContainText("E310000000001");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("gap review: a number DGII received leaves the proposal with its reason; only the real gaps are voided", async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(120_000);
  // 0 1 _ 3 _ 5 _ 7 8: gaps 2, 4 and 6. DGII received 2 (Anula never imported it); 6 is imported
  // after the review, before the tool opens.
  const block = freshLowRange("33", 9);
  const [received, real, late] = [at(block.desde, 2), at(block.desde, 4), at(block.desde, 6)];
  await importIssued(
    request,
    [0, 1, 3, 5, 7, 8].map((n) => at(block.desde, n)),
    Date.now() - 4 * 24 * 3_600_000,
  );
  await simulatorAdmin("/admin/documents", {
    environment: "TesteCF",
    trackId: randomUUID(),
    rnc: DEMO.rnc,
    encf: received,
    codigo: 1,
  });
  await markCoverage(page);

  for (const encf of [received, real, late]) {
    await expect(gapRow(page, encf)).toContainText("Salto");
    await gapRow(page, encf).getByRole("checkbox").check();
  }
  await expect(page.getByTestId("gaps-selected")).toHaveText("3 rangos seleccionados");
  await page.getByTestId("gaps-verify").click();

  // DGII's "received (Aceptado)" takes it out of the selection at once, with the reason on its row.
  const refused = gapRow(page, received);
  await expect(refused).toHaveAttribute("data-refused", "true", { timeout: 20_000 });
  await expect(refused.getByTestId("gap-dgii")).toHaveText(
    "La DGII lo recibió (Aceptado): no se puede anular.",
  );
  await expect(refused.getByRole("checkbox")).not.toBeChecked();
  await expect(refused.getByRole("checkbox")).toBeDisabled();
  await expect(page.getByTestId("gaps-refused").locator(`li[data-encf="${received}"]`)).toContainText(
    "no se puede anular",
  );
  await expect(gapRow(page, real).getByTestId("gap-dgii")).toHaveText("Nunca recibido");
  await expect(gapRow(page, late).getByTestId("gap-dgii")).toHaveText("Nunca recibido");
  await expect(page.getByTestId("gaps-selected")).toHaveText("2 rangos seleccionados");
  await screenshot(page, "ledger-gap-refused");
  const problems = await seriousAxeFindings(page, "1280 /sequences (refused)");
  await page.setViewportSize(PHONE);
  problems.push(...(await seriousAxeFindings(page, "390 /sequences (refused)")));
  await page.setViewportSize(DESKTOP);
  expect(problems).toEqual([]);

  // The ERP imports 6 meanwhile: the tool checks the proposal again as it opens and marks it.
  await importIssued(request, [late]);
  await page.getByRole("button", { name: t.sequences.gaps.voidSelected }).click();
  await expect(page).toHaveURL(/\/tools\/void-encf\?gaps=[a-z0-9]+&part=1/);
  await expect(page.getByTestId("gaps-draft-notice")).toContainText("2 rangos");
  await expect(desde(page, 1)).toHaveValue(real);
  await expect(desde(page, 2)).toHaveValue(late);
  await expect(line(page, 2)).toHaveAttribute("data-status", "used");
  await expect(line(page, 1)).toHaveAttribute("data-status", "valid");
  await expect(page.getByText(s.summary.allGood)).toHaveCount(0);
  await page.getByRole("button", { name: s.warnings.removeAllUsed }).click();
  await expect(desde(page, 2)).toHaveCount(0);
  await expect(page.getByTestId("void-total")).toHaveText("1");
  await expect(page.getByText(s.summary.allGood)).toBeVisible();

  await chooseReason(page);
  await page.getByRole("button", { name: s.actions.review }).click();
  await page
    .getByRole("dialog", { name: s.confirm.title })
    .getByRole("button", { name: /^Anular 1 secuencia/ })
    .click();
  await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
  await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado");

  // At DGII: the real gap is voided, neither used number was sent.
  const voided = await voidedAtDgii();
  expect(isVoided(voided, real)).toBe(true);
  expect(isVoided(voided, received)).toBe(false);
  expect(isVoided(voided, late)).toBe(false);

  // The ledger kept DGII's answer: the received number is proposed no more, and the tool refuses it.
  await page.goto("/sequences");
  await expect(page.getByTestId("gap-review")).toBeVisible();
  await expect(gapRow(page, received)).toHaveCount(0);
  await expect(gapRow(page, real)).toHaveCount(0);
  await page.goto(TOOL);
  await desde(page, 1).fill(received);
  await chooseReason(page);
  await page.getByRole("button", { name: s.actions.review }).click();
  await expect(line(page, 1)).toHaveAttribute("data-status", "used");
  await expect(page.getByTestId("void-blocked").getByTestId("void-used")).toContainText(received);
});

test("void tool: each line with a used number marked, the summary red with the count, 'Quitar lo emitido' per line and for all", async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(120_000);
  // Type 47 with an authorization for 0–7 of a fresh block (deleted at the end): 8–9 lie outside it,
  // a notice that must stay apart from the blocking error. 2, 5 and 6 are issued.
  const block = freshRange("47", 10);
  const n = (k: number) => at(block.desde, k);
  await importIssued(request, [n(2), n(5), n(6)]);
  const headers = { authorization: `Bearer ${await demoIdToken(request)}` };
  const authorization = await request.post("/TesteCF/secuencias/autorizaciones", {
    headers,
    data: { secuenciaDesde: n(0), secuenciaHasta: n(7), fechaAutorizacion: "02-01-2026" },
  });
  expect(authorization.status()).toBe(201);
  const { id } = (await authorization.json()) as { id: string };
  try {
    await page.goto(TOOL);
    const lines: Array<[number, number]> = [
      [0, 3],
      [4, 7],
      [8, 9],
    ];
    for (const [index, [from, to]] of lines.entries()) {
      if (index > 0) await page.getByRole("button", { name: s.editor.addLine }).click();
      await desde(page, index + 1).fill(n(from));
      await hasta(page, index + 1).fill(n(to));
    }
    await chooseReason(page);
    await page.getByRole("button", { name: s.actions.review }).click();

    await expect(line(page, 1)).toHaveAttribute("data-status", "used");
    await expect(line(page, 1)).toContainText(`1 e-NCF de esta línea ya fue emitido (${n(2)})`);
    await expect(line(page, 2)).toHaveAttribute("data-status", "used");
    await expect(line(page, 2)).toContainText(`2 e-NCF de esta línea ya fueron emitidos (${n(5)} – ${n(6)})`);
    await expect(line(page, 3)).toHaveAttribute("data-status", "valid");
    const summary = page.locator("[data-total]");
    await expect(summary).toHaveAttribute("data-blocked", "true");
    await expect(page.getByTestId("summary-used")).toHaveText(
      "3 e-NCF ya emitidos en 2 líneas: no se puede enviar",
    );
    await expect(page.getByText(s.summary.allGood)).toHaveCount(0);
    // The blocking error and the notice are two blocks: the refusal never reads like a warning.
    const blocked = page.getByTestId("void-blocked");
    const notices = page.getByTestId("void-notices");
    await expect(blocked).toContainText(s.warnings.blockedTitle);
    await expect(blocked.getByTestId("void-used")).toContainText("3 e-NCF ya fueron emitidos");
    await expect(blocked.getByTestId("used-lines")).toContainText("2 líneas los contienen");
    await expect(blocked).not.toContainText(s.warnings.outsideTitle);
    await expect(notices.getByTestId("void-outside-authorization")).toContainText(`${n(8)} – ${n(9)} (2)`);
    await expect(notices).not.toContainText("ya fueron emitidos");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await screenshot(page, "ledger-void-tool-used");
    const problems = await seriousAxeFindings(page, "1280 void tool (used)");
    await page.setViewportSize(PHONE);
    await expect(blocked).toBeVisible();
    problems.push(...(await seriousAxeFindings(page, "390 void tool (used)")));
    await screenshot(page, "ledger-void-tool-used-phone");
    await page.setViewportSize(DESKTOP);
    expect(problems).toEqual([]);

    // One line: exactly its used number goes, the line split around it.
    await line(page, 1).getByRole("button", { name: "Línea 1: quitar lo emitido" }).click();
    await expect(desde(page, 1)).toHaveValue(n(0));
    await expect(hasta(page, 1)).toHaveValue(n(1));
    await expect(desde(page, 2)).toHaveValue(n(3));
    await expect(hasta(page, 2)).toHaveValue(n(3));
    await expect(page.getByTestId("summary-used")).toHaveText(
      "2 e-NCF ya emitidos en 1 línea: no se puede enviar",
    );
    // Then every line at once.
    await page.getByRole("button", { name: s.warnings.removeAllUsed }).click();
    await expect(page.getByTestId("voided-removed")).toHaveText(plural(s.warnings.usedRemoved, 1, "es"));
    await expect(desde(page, 3)).toHaveValue(n(4));
    await expect(hasta(page, 3)).toHaveValue(n(4));
    await expect(desde(page, 4)).toHaveValue(n(7));
    await expect(desde(page, 5)).toHaveValue(n(8));
    await expect(page.getByTestId("void-total")).toHaveText("7");
    await expect(page.getByTestId("summary-used")).toHaveCount(0);
    await expect(page.getByText(s.summary.allGood)).toBeVisible();

    await chooseReason(page);
    await page.getByRole("button", { name: s.actions.review }).click();
    const dialog = page.getByRole("dialog", { name: s.confirm.title });
    await expect(dialog.getByTestId("void-outside-authorization")).toBeVisible();
    await dialog.getByRole("button", { name: /^Anular 7 secuencias/ }).click();
    await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
    await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado");
    const voided = await voidedAtDgii();
    for (const k of [0, 1, 3, 4, 7, 8, 9]) expect(isVoided(voided, n(k)), n(k)).toBe(true);
    for (const k of [2, 5, 6]) expect(isVoided(voided, n(k)), n(k)).toBe(false);
  } finally {
    await request.delete(`/TesteCF/secuencias/autorizaciones/${id}`, { headers });
  }
});
