import { expect, test } from "./fixtures";

test.describe("the app's icon", () => {
  test("every page links its SVG icon and the icon is served (no favicon 404 in the console)", async ({
    page,
    request,
  }) => {
    await page.goto("/login");
    const href = await page.locator('head link[rel="icon"]').first().getAttribute("href");
    expect(href).toMatch(/^\/icon\.svg/);
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    expect(await icon.text()).toContain("<svg");
  });
});
