import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * What the lint's zones cannot see (eslint.config.mjs, "Two floors inside lib/server"): the
 * features' arrows, read from the production files' imports, form no circle — a circle would make
 * two features one in all but name — and the platform points at no feature.
 */
const SERVER = path.resolve(import.meta.dirname);
const ROOT = path.resolve(SERVER, "../..");
const TEST_CODE = /(\.test\.tsx?$|\/testing\/|\/test-[^/]*$|test-support|test-fixtures)/;
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;

function productionFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !TEST_CODE.test(file));
}

/** The lib/server folder a specifier of `file` lands in, if any. */
function folderOf(file: string, specifier: string): string | null {
  const target = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(file), specifier)
      : null;
  if (!target) return null;
  const relative = path.relative(SERVER, target);
  if (relative.startsWith("..") || relative === "") return null;
  return relative.split(path.sep)[0] ?? null;
}

/** folder → the lib/server folders its production files import. */
function arrows(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of productionFiles(SERVER)) {
    const from = path.relative(SERVER, file).split(path.sep)[0]!;
    if (from.endsWith(".ts") || from === "testing") continue;
    const to = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const folder = folderOf(file, specifier!);
      if (folder && folder !== from && folder !== "testing") to.add(folder);
    }
  }
  return graph;
}

/** Each circle, as the path that closes it. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const walk = (node: string, trail: string[]) => {
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...trail.slice(trail.indexOf(next)), node, next]);
      else if (!state.has(next)) walk(next, [...trail, node]);
    }
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) walk(node, []);
  return found;
}

describe("the floors inside lib/server", () => {
  const graph = arrows();

  it("reads the real tree: the void feature stands on the platform and the ledger", () => {
    expect(graph.get("voids")).toEqual(expect.any(Set));
    expect([...graph.get("voids")!]).toEqual(expect.arrayContaining(["platform", "ledger"]));
  });

  it("the platform imports no feature", () => {
    expect([...(graph.get("platform") ?? [])]).toEqual([]);
  });

  it("no circle among the features", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("finds a circle when there is one", () => {
    const withCircle = new Map(graph);
    withCircle.set("ledger", new Set([...(graph.get("ledger") ?? []), "voids"]));
    expect(circles(withCircle)).toContainEqual(expect.arrayContaining(["voids", "ledger"]));
  });
});
