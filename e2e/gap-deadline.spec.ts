import { demoApiKey, demoIdToken, expect, freshLowRange, test } from "./fixtures";

/**
 * A gap's age and the company's deadline to void it: with no deadline set the review shows the age
 * alone; an administrator sets one day for TesteCF in Configuración → Contingencia and the same gap
 * (proven by numbers issued four days ago, past the quiet period) reads as past the company's
 * deadline. The window is removed again, so the demo company is left as found.
 */

const at = (encf: string, n: number) =>
  `${encf.slice(0, 3)}${String(Number(encf.slice(3)) + n).padStart(10, "0")}`;

/** yyyy-MM-ddTHH:mm in Santo Domingo time (UTC−4), as the datetime-local field takes it. */
const santoDomingo = (epochMs: number) => new Date(epochMs - 4 * 3_600_000).toISOString().slice(0, 16);

test("a gap shows its age, and the company's deadline once one is set", async ({
  signedIn: page,
  request,
}) => {
  const block = freshLowRange("33", 4);
  const gap = at(block.desde, 2);
  const imported = await request.post("/TesteCF/documentos-ecf/import", {
    headers: { authorization: `Bearer ${await demoIdToken(request)}`, "x-api-key": demoApiKey() },
    data: {
      documents: [0, 1, 3].map((n) => ({
        ncf: at(block.desde, n),
        status: "Aceptado",
        createdAt: Date.now() - 4 * 24 * 3_600_000,
      })),
    },
  });
  expect(imported.status()).toBe(200);

  await page.goto("/sequences");
  await page.getByTestId("coverage-input").fill(santoDomingo(Date.now() - 60_000));
  await page.getByRole("button", { name: "Guardar marca" }).click();
  await expect(page.getByTestId("coverage-result")).toContainText("Marca de cobertura guardada.");
  const age = page.locator(`[data-testid="gap-row"][data-range="${gap}-${gap}"]`).getByTestId("gap-age");
  await expect(age).toContainText(/hueco desde hace \d+ días/);
  await expect(age).toHaveAttribute("data-state", "none");

  const setWindow = async (days: string) => {
    await page.goto("/settings/contingency");
    const form = page.getByTestId("deadline-settings");
    await form.getByLabel(/Plazo para anular un hueco de secuencia/).fill(days);
    await form.getByRole("button", { name: "Guardar plazos" }).click();
    await expect(form.getByTestId("deadline-settings-result")).toContainText("Plazos guardados");
  };
  await setWindow("1");
  try {
    await page.goto("/sequences");
    await expect(age).toHaveAttribute("data-state", "missed");
    await expect(age).toContainText("plazo de la empresa vencido el");
  } finally {
    await setWindow("");
  }
  await page.goto("/sequences");
  await expect(age).toHaveAttribute("data-state", "none");
});
