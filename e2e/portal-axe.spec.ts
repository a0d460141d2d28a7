import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import path from "node:path";

import { expect, freshRange, SCREENSHOT_DIR, signIn, test, voidViaApi } from "./fixtures";

/**
 * Done-when of issue 19: an axe-core scan of every portal page at 1280 px and on a 390 px phone finds
 * no serious or critical violation, and each page is saved as a screenshot at both widths under
 * e2e/output/screenshots/axe-<width>-<page>.png (not committed).
 */
const WIDTHS = [
  { name: "1280", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "390", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

const PAGES = [
  ["void-tool", "/tools/void-encf"],
  ["history", "/voids?env=TesteCF"],
  ["pending", "/voids/pending"],
  ["documents", "/documents"],
  ["settings", "/settings"],
  ["users", "/settings/users"],
  ["api-keys", "/settings/api-keys"],
  ["service-accounts", "/settings/service-accounts"],
  ["integration", "/settings/integration"],
  ["organization", "/organization"],
] as const;

for (const width of WIDTHS) {
  test.describe(`axe at ${width.name} px`, () => {
    test.use({ viewport: width.viewport, isMobile: width.isMobile });

    test("every portal page: no serious or critical violation, screenshot saved", async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const range = freshRange("31", 2);
      const voided = await voidViaApi(request, [
        { secuenciaDesde: range.desde, secuenciaHasta: range.hasta },
      ]);
      const voidId = voided.body.voidId as string;
      const problems: string[] = [];
      async function scan(name: string) {
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          if (violation.impact === "serious" || violation.impact === "critical")
            problems.push(
              `${name}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
            );
        }
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `axe-${width.name}-${name}.png`),
          fullPage: true,
        });
      }
      await page.goto("/login");
      await scan("login");
      await signIn(page);
      for (const [name, url] of [...PAGES, ["void-detail", `/voids/${voidId}?env=TesteCF`]] as const) {
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await scan(name);
      }
      expect(problems).toEqual([]);
    });
  });
}
