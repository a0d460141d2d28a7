import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import {
  collectBuildInputs,
  envNamesReadBy,
  fingerprintOf,
  forgetBuild,
  recordBuild,
  staleReason,
} from "./build-fingerprint.mjs";

const CONFIG = `const nextConfig = {
  ...(process.env.ANULA_DIST_DIR ? { distDir: process.env.ANULA_DIST_DIR } : {}),
};
export default nextConfig;
`;

/** A small project with the real layout, plus files that never reach a build. */
const FILES: Record<string, string> = {
  "app/page.tsx": "export default function Page() { return null; }",
  "components/card.tsx": "export const Card = () => null;",
  "lib/domain/encf.ts": "export const MAX = 10;",
  "lib/domain/encf.test.ts": "it('works', () => {});",
  "prisma/schema.prisma": "model A { id Int @id }",
  "instrumentation.ts": "export async function register() {}",
  "proxy.ts": "export function proxy() {}",
  "next.config.mjs": CONFIG,
  "tsconfig.json": "{}",
  "package.json": '{ "name": "x" }',
  "package-lock.json": '{ "lockfileVersion": 3 }',
  "node_modules/.package-lock.json": '{ "lockfileVersion": 3 }',
  "README.md": "# x",
  "e2e/login.spec.ts": "test('login', () => {});",
  "scripts/bench.ts": "",
  "data/pglite/PG_VERSION": "17",
  ".next/BUILD_ID": "old",
};

let root: string;
const env = { NODE_ENV: "production", PATH: "/usr/bin" };
const fingerprint = (overrides: { env?: Record<string, string | undefined>; distDir?: string } = {}) =>
  fingerprintOf(
    collectBuildInputs({ root, env: overrides.env ?? env, distDir: overrides.distDir ?? ".next" }),
  );
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "anula-fingerprint-"));
  for (const [file, text] of Object.entries(FILES)) write(file, text);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("build fingerprint", () => {
  it("is the same for the same sources and environment", () => {
    expect(fingerprint()).toBe(fingerprint());
  });

  it.each([
    ["a source file changes", () => write("lib/domain/encf.ts", "export const MAX = 11;")],
    ["a source file is added", () => write("components/badge.tsx", "export const Badge = () => null;")],
    ["a source file is removed", () => rmSync(path.join(root, "components/card.tsx"))],
    ["a public asset is added", () => write("public/logo.svg", "<svg/>")],
    ["the Prisma schema changes", () => write("prisma/schema.prisma", "model B { id Int @id }")],
    ["the lock file changes", () => write("package-lock.json", '{ "lockfileVersion": 3, "x": 1 }')],
    ["the installed tree changes", () => write("node_modules/.package-lock.json", '{ "x": 2 }')],
    ["package.json changes", () => write("package.json", '{ "name": "y" }')],
    ["the Next config changes", () => write("next.config.mjs", `${CONFIG}// poweredByHeader\n`)],
    ["the proxy changes", () => write("proxy.ts", "export function proxy() { return 1; }")],
    ["tsconfig.json changes", () => write("tsconfig.json", '{ "compilerOptions": {} }')],
    ["a .env file appears", () => write(".env.production", "NEXT_PUBLIC_X=1")],
  ])("changes when %s", (_name, change) => {
    const before = fingerprint();
    change();
    expect(fingerprint()).not.toBe(before);
  });

  it.each([
    ["a NEXT_PUBLIC_ variable is set", { NEXT_PUBLIC_BRAND: "Anula" }],
    ["NODE_ENV changes", { NODE_ENV: "development" }],
    ["a variable next.config reads is set", { ANULA_DIST_DIR: "e2e/output/next" }],
    ["the server-actions key changes", { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "k" }],
  ])("changes when %s", (_name, extra) => {
    expect(fingerprint({ env: { ...env, ...extra } })).not.toBe(fingerprint());
  });

  it("changes when the dist dir changes", () => {
    expect(fingerprint({ distDir: "e2e/output/next" })).not.toBe(fingerprint());
  });

  it.each([
    ["a test file changes", () => write("lib/domain/encf.test.ts", "it('still works', () => {});")],
    ["a test file is added", () => write("components/card.test.tsx", "")],
    ["the README changes", () => write("README.md", "# y")],
    ["an e2e spec changes", () => write("e2e/login.spec.ts", "")],
    ["a script changes", () => write("scripts/bench.ts", "// more")],
    ["the database files change", () => write("data/pglite/PG_VERSION", "18")],
    ["the previous build changes", () => write(".next/BUILD_ID", "new")],
    [
      "a source file is only touched",
      () => utimesSync(path.join(root, "app/page.tsx"), new Date(), new Date(0)),
    ],
  ])("stays when %s", (_name, change) => {
    const before = fingerprint();
    change();
    expect(fingerprint()).toBe(before);
  });

  it("stays when runtime-only variables change (they are read at start, not built in)", () => {
    const runtime = { DATABASE_URL: "postgres://db/x", AUTH_SECRET: "s", PORT: "4000", LOG_LEVEL: "debug" };
    expect(fingerprint({ env: { ...env, ...runtime } })).toBe(fingerprint());
  });

  it("never keeps a variable's value", () => {
    const inputs = collectBuildInputs({
      root,
      env: { ...env, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "secret-key" },
      distDir: ".next",
    });
    expect(JSON.stringify(inputs)).not.toContain("secret-key");
  });

  it("covers the real project's build inputs and none of its tests", () => {
    const repo = path.resolve(__dirname, "..");
    const names = Object.keys(collectBuildInputs({ root: repo, env: {}, distDir: ".next" }));
    for (const file of [
      "next.config.mjs",
      "package-lock.json",
      "proxy.ts",
      "instrumentation.ts",
      "prisma/schema.prisma",
    ]) {
      expect(names).toContain(`file:${file}`);
    }
    expect(names.some((name) => name.startsWith("file:app/"))).toBe(true);
    expect(names.filter((name) => /\.test\.tsx?$/.test(name))).toEqual([]);
  });
});

describe("envNamesReadBy", () => {
  it("names the variables the config reads", () => {
    expect(envNamesReadBy(CONFIG)).toEqual(["ANULA_DIST_DIR", "ANULA_DIST_DIR"]);
    expect(envNamesReadBy('a = process.env.A ? process.env.B : process.env["C"];')).toEqual(["A", "B", "C"]);
    expect(envNamesReadBy('const a = process.env["BASE_PATH"];')).toEqual(["BASE_PATH"]);
  });

  it("admits it cannot tell when a read has no literal name", () => {
    expect(envNamesReadBy("const { A } = process.env;")).toHaveLength(1);
    expect(envNamesReadBy("const { A } = process.env;")[0]).not.toMatch(/^\w+$/);
  });
});

describe("staleReason", () => {
  const location = () => ({ root, distDir: ".next" });
  const inputsNow = () => collectBuildInputs({ root, env, distDir: ".next" });

  it("is stale without a build, and current right after one is recorded", () => {
    rmSync(path.join(root, ".next"), { recursive: true });
    expect(staleReason({ ...location(), inputs: inputsNow() })).toBe("no build in .next");
    write(".next/BUILD_ID", "b1");
    expect(staleReason({ ...location(), inputs: inputsNow() })).toMatch(/no record/);
    recordBuild({ ...location(), inputs: inputsNow() });
    expect(staleReason({ ...location(), inputs: inputsNow() })).toBeUndefined();
  });

  it("names what changed", () => {
    recordBuild({ ...location(), inputs: inputsNow() });
    write("lib/domain/encf.ts", "export const MAX = 12;");
    expect(staleReason({ ...location(), inputs: inputsNow() })).toBe(
      "changed since the last build: file:lib/domain/encf.ts",
    );
  });

  it("is stale when another build replaced the recorded one (a `next build` by hand)", () => {
    recordBuild({ ...location(), inputs: inputsNow() });
    write(".next/BUILD_ID", "built-by-hand");
    expect(staleReason({ ...location(), inputs: inputsNow() })).toMatch(/replaced/);
  });

  it("is stale once a build has started (the record is forgotten first)", () => {
    recordBuild({ ...location(), inputs: inputsNow() });
    forgetBuild(location());
    expect(staleReason({ ...location(), inputs: inputsNow() })).toMatch(/no record/);
  });

  it("is always stale when next.config reads a variable it cannot name", () => {
    write("next.config.mjs", "const { X } = process.env;\nexport default {};\n");
    recordBuild({ ...location(), inputs: inputsNow() });
    expect(staleReason({ ...location(), inputs: inputsNow() })).toMatch(/cannot name/);
  });
});
