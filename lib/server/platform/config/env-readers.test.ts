import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { envSchema } from "./env-schema";

/**
 * One reader of the environment: the application's code reads configuration through loadConfig()
 * (lib/server/platform/config), never process.env directly, so every variable is validated once, has one
 * default and is in the operators' configuration tables (docs/operations.md).
 */
const ROOT = process.cwd();

/** Where reading process.env is right, and why. */
const ALLOWED = [
  /^lib\/server\/platform\/config\//, // the reader itself
  /\.test\.tsx?$/, // tests set variables for the code under test
  /(^|\/)testing\//, // test harnesses
  /^lib\/server\/platform\/db\/test-database\.ts$/, // tests only
  /^lib\/taxauth-simulator\/main\.ts$/, // `npm run simulator`: a program of its own, not the app
];
/** Set by Next itself (and inlined at build time), not configuration of ours. */
const NEXT_VARIABLES = /process\.env\.(NODE_ENV|NEXT_RUNTIME)\b/g;

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "generated" ? [] : sources(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe("configuration", () => {
  it("names every variable it reads in docs/operations.md's configuration tables", () => {
    const page = readFileSync(path.join(ROOT, "docs", "operations.md"), "utf8");
    const start = page.indexOf("\n## Configuration\n");
    expect(start, "docs/operations.md has a Configuration section").toBeGreaterThan(0);
    const table = page.slice(start, page.indexOf("\n## ", start + 1));
    const missing = Object.keys(envSchema.shape).filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it("is read from process.env only by lib/server/platform/config", () => {
    const readers = ["app", "components", "lib"]
      .flatMap((folder) => sources(path.join(ROOT, folder)))
      .concat(["instrumentation.ts", "proxy.ts"].map((file) => path.join(ROOT, file)))
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
      .filter((file) => !ALLOWED.some((pattern) => pattern.test(file)))
      .filter((file) =>
        /process\.env/.test(readFileSync(path.join(ROOT, file), "utf8").replace(NEXT_VARIABLES, "")),
      );
    expect(readers).toEqual([]);
  });
});
