import { readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { PORTAL_PAGES, urlOf } from "@/e2e/portal-pages";

/**
 * The e2e list of every portal page (e2e/portal-pages.ts: the phone's scroll-width check and the axe
 * scans visit it) names each page.tsx of the signed-in portal, so a new page is never left unvisited.
 */
const APP = path.resolve(import.meta.dirname, "../../app");

function routesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      if (entry.name === "[...rest]") return []; // catch-alls only answer 404
      return routesUnder(path.join(dir, entry.name), prefix ? `${prefix}/${entry.name}` : entry.name);
    }
    return entry.name === "page.tsx" && prefix ? [prefix] : [];
  });
}

describe("the e2e list of portal pages", () => {
  it("names every page of the portal, Mi cuenta and /docs", () => {
    const routes = [
      ...routesUnder(path.join(APP, "(portal)")),
      ...routesUnder(path.join(APP, "(account)")),
      ...routesUnder(path.join(APP, "docs")).map((route) => `docs/${route}`),
      "docs",
    ];
    expect(routes.length).toBeGreaterThan(25);
    const listed = new Set(PORTAL_PAGES.map((page) => page.route));
    expect(routes.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("gives each page its own name", () => {
    const names = PORTAL_PAGES.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("fills a page's ids, and refuses to visit one whose id is missing", () => {
    const detail = PORTAL_PAGES.find((page) => page.name === "void-detail")!;
    expect(urlOf(detail, { voidId: "abc-1" })).toBe("/voids/abc-1?env=TesteCF");
    expect(() => urlOf(detail, {})).toThrow("no voidId");
  });
});
