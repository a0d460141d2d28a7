import { readFileSync } from "node:fs";

import type { APIRequestContext } from "@playwright/test";

import { sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";

import {
  BASE_URL,
  demoApiKey,
  demoIdToken,
  expect,
  freshRange,
  screenshot,
  simulatorAdmin,
  test,
} from "./fixtures";

/**
 * Issued e-CF "Por confirmar" on the built app: e-CF issued in CerteCF while the embedded
 * simulator's recepcion fails once stay Pendiente de envío, and the follow-up — which cannot ask
 * CerteCF whether DGII has them — leaves them to a person (CANNOT_ASK_DGII). They appear under
 * "e-CF emitidos" beside the voids, and a person decides each in the dialog: DGII has it (its
 * trackId and estado), or not (the same signed document goes again).
 */

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const ENVIRONMENT = "CerteCF";

async function documentOf(request: APIRequestContext, encf: string): Promise<Record<string, unknown>> {
  const idToken = await demoIdToken(request);
  const response = await request.get(`/${ENVIRONMENT}/documentos-ecf?ecf=${encf}`, {
    headers: { authorization: `Bearer ${idToken}`, "x-api-key": demoApiKey() },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** An e-CF issued through the API whose first send fails: the follow-up leaves it to a person. */
async function waitingEcf(request: APIRequestContext): Promise<string> {
  const encf = freshRange("31", 1).desde;
  const body = sampleEcfBody("31");
  const encabezado = body.ECF.Encabezado as Record<string, Record<string, unknown>>;
  encabezado.IdDoc!.eNCF = encf;
  await simulatorAdmin("/admin/faults", { service: "recepcion", mode: "status", status: 503 });
  const idToken = await demoIdToken(request);
  const response = await request.post(`/${ENVIRONMENT}/documentos-ecf`, {
    headers: { authorization: `Bearer ${idToken}`, "x-api-key": demoApiKey() },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  await simulatorAdmin("/admin/faults", undefined, "DELETE");
  // The follow-up's first round comes about a second later (ISSUED_FOLLOW_UP_POLL_MS).
  await expect
    .poll(async () => (await documentOf(request, encf)).reviewReason, { timeout: 30_000 })
    .toBe("CANNOT_ASK_DGII");
  return encf;
}

test.describe("Por confirmar: issued e-CF that wait for a person", () => {
  test.afterEach(async () => {
    await simulatorAdmin("/admin/faults", undefined, "DELETE");
  });

  test("listed beside the voids; a person records DGII's trackId, or sends the same document again", async ({
    signedIn: page,
    request,
  }) => {
    const received = await waitingEcf(request);
    const resent = await waitingEcf(request);

    await page.context().addCookies([{ name: "anula_env", value: ENVIRONMENT, url: BASE_URL }]);
    await page.goto("/voids/pending");
    await expect(page.getByRole("heading", { level: 1, name: "Por confirmar" })).toBeVisible();
    const section = page.getByTestId("issued-review");
    await expect(section).toContainText("e-CF emitidos");
    const row = section.locator(`[data-ecf="${received}"]`);
    await expect(row).toContainText(received);
    await expect(row).toContainText("No se puede consultar a la DGII si lo tiene (CerteCF)");
    await expect(row).toContainText("Pendiente de envío");
    await expect(row).toContainText("Sin trackId");
    // Newest first.
    const order = await section
      .getByTestId("issued-review-row")
      .evaluateAll((rows) => rows.map((element) => element.getAttribute("data-ecf")));
    expect(order.indexOf(resent)).toBeLessThan(order.indexOf(received));
    await screenshot(page, "issued-review-queue");

    // DGII has it: the trackId and estado seen in the OFV, a note and evidence.
    await row.getByTestId("issued-decide-open").click();
    const dialog = page.getByRole("dialog", { name: `Decidir sobre el e-CF ${received}` });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("issued-decision-submit").click();
    await expect(dialog).toContainText("Elija lo que vio en la DGII.");
    await expect(dialog).toContainText("Escriba qué vio y dónde.");
    await dialog.getByTestId("issued-decision-received").check();
    await dialog.getByTestId("issued-decision-trackid").fill("5b1f0c2e-9d7a-4c61-8f0e-2a3b4c5d6e7f");
    await dialog.getByTestId("issued-decision-estado").selectOption("Aceptado");
    await dialog.getByTestId("issued-decision-note").fill("La OFV muestra el e-NCF Aceptado.");
    await dialog
      .getByTestId("issued-decision-evidence")
      .setInputFiles({ name: "ofv.png", mimeType: "image/png", buffer: PNG });
    await screenshot(page, "issued-review-dialog");
    await dialog.getByTestId("issued-decision-submit").click();
    await expect(section.locator(`[data-ecf="${received}"]`)).toHaveCount(0, { timeout: 15_000 });
    expect(await documentOf(request, received)).toMatchObject({
      status: "Aceptado",
      reviewReason: null,
    });

    // The document's page keeps the decision, and its evidence downloads as it was sent.
    await page.goto(`/documents/${received}`);
    const decision = page.getByTestId("document-decision");
    await expect(decision).toHaveAttribute("data-decision", "received");
    await expect(decision).toContainText("5b1f0c2e-9d7a-4c61-8f0e-2a3b4c5d6e7f");
    await expect(decision).toContainText("La OFV muestra el e-NCF Aceptado.");
    const download = page.waitForEvent("download");
    await decision.getByTestId("decision-evidence").click();
    const evidence = await download;
    expect(evidence.suggestedFilename()).toBe("ofv.png");
    expect(readFileSync((await evidence.path())!)).toEqual(PNG);
    await expect(page.getByTestId("history-entry").last()).toContainText("Aceptado");
    await expect(page.getByTestId("history-entry").last()).toContainText("Decisión de una persona");
    await page.goto("/voids/pending");

    // DGII does not have it: the same signed document goes again, by the follow-up.
    const other = page.getByTestId("issued-review").locator(`[data-ecf="${resent}"]`);
    await other.getByTestId("issued-decide-open").click();
    const second = page.getByRole("dialog", { name: `Decidir sobre el e-CF ${resent}` });
    await second.getByTestId("issued-decision-resend").check();
    await expect(second.getByTestId("issued-decision-trackid")).toHaveCount(0);
    await second.getByTestId("issued-decision-note").fill("La OFV no muestra ninguna recepción.");
    await second.getByTestId("issued-decision-submit").click();
    await expect(page.locator(`[data-ecf="${resent}"]`)).toHaveCount(0, { timeout: 15_000 });
    await expect
      .poll(
        async () => {
          const answers = ((await documentOf(request, resent)).taxauthResponse as string[]).map(
            (answer) => (JSON.parse(answer) as { fuente?: string }).fuente,
          );
          // After the person's decision, a reception of the same bytes (DGII's verdict may follow it).
          return answers.slice(answers.lastIndexOf("persona") + 1).includes("recepcion");
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await documentOf(request, resent)).toMatchObject({ reviewReason: null });
    await screenshot(page, "issued-review-decided");
  });
});
