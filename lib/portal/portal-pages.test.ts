import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * The portal's layouts send nobody away (so an unknown path is a 404 page for a signed-out visitor
 * too): each page under app/(portal) must send a visitor on itself with requirePageAuth, and a
 * catch-all that only answers 404 must do nothing else.
 */

const PORTAL = path.resolve(import.meta.dirname, "../../app/(portal)");

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name === "page.tsx" ? [full] : [];
  });
}

/** What is wrong with a page's source, by its path relative to app/(portal). */
function problemsOf(relative: string, source: string): string | null {
  const catchAll = /\[\.\.\.rest\]/.test(relative);
  if (/\brequirePageAuth\(\)/.test(source)) return null;
  if (!catchAll) return `${relative}: renders without requirePageAuth()`;
  const imports = [...source.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
  const onlyNotFound =
    /\bnotFound\(\)/.test(source) && imports.every((module) => module === "next/navigation");
  return onlyNotFound ? null : `${relative}: a catch-all that does more than notFound()`;
}

describe("portal pages", () => {
  it("each sends a signed-out visitor on itself, or only answers 404", () => {
    const files = pageFiles(PORTAL);
    expect(files.length).toBeGreaterThan(20);
    const problems = files
      .map((file) => problemsOf(path.relative(PORTAL, file), readFileSync(file, "utf8")))
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it("are caught when they do not (the check itself)", () => {
    const page = 'import { getI18n } from "@/lib/portal/i18n";\nexport default async function P() {}';
    expect(problemsOf("voids/page.tsx", page)).toContain("without requirePageAuth");
    const leaky =
      'import { notFound } from "next/navigation";\nimport { db } from "@/lib/server/platform/db";\nnotFound();';
    expect(problemsOf("voids/[...rest]/page.tsx", leaky)).toContain("more than notFound");
    const plain = 'import { notFound } from "next/navigation";\nexport default function P() { notFound(); }';
    expect(problemsOf("voids/[...rest]/page.tsx", plain)).toBeNull();
  });
});
