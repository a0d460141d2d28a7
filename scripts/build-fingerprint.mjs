// What a production build (`next build`) depends on, as one fingerprint, so `npm start` rebuilds only
// when the build is missing or stale (scripts/build-if-stale.mjs). The rule is "when in doubt,
// build": every input that could change the output is hashed, an input we cannot read makes the
// build stale, and only test files are left out.
//
// Plain Node ESM on purpose: `npm start` runs it before anything could compile it, also under
// `npm ci --omit=dev`. Types for the tests: build-fingerprint.d.mts.
import { createHash } from "node:crypto";
import {
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** Source folders (DESIGN.md fixes the top level): every file in them may reach the build. */
export const SOURCE_DIRS = ["app", "components", "lib", "prisma", "public"];

/**
 * Root files the build reads: ours, and every name Next.js or its tools pick up by convention
 * (.env files, another next.config, middleware, PostCSS/Babel/browserslist configs). node_modules'
 * own lock file is the installed tree, which can differ from package-lock.json after a partial install.
 */
const ROOT_FILES = [
  /^\.env/,
  /^next\.config\./,
  /^(instrumentation|instrumentation-client|proxy|middleware|mdx-components)\.[cm]?[jt]sx?$/,
  /^(postcss|tailwind|babel)\.config\./,
  /^\.(babelrc|postcssrc|browserslistrc|swcrc)/,
  /^(tsconfig|jsconfig|package|package-lock)\.json$/,
];
const INSTALLED_TREE = "node_modules/.package-lock.json";

/** Test files never reach a build: a test edit must not cost a two-minute rebuild. */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const SKIPPED_DIRS = new Set(["node_modules", ".git", ".next"]);

/**
 * The variables a build bakes in: Next.js inlines NEXT_PUBLIC_* and reads its own NEXT_* (deployment
 * id, server-actions key…), NODE_ENV picks the mode, and next.config.mjs reads its own (found in its
 * text). No page is prerendered at build time (every route is dynamic), so the app's runtime
 * configuration (DATABASE_URL, AUTH_SECRET…) is read at start, never built in.
 */
const BUILD_ENV_PREFIXES = ["NEXT_", "__NEXT_"];
const ALWAYS_ENV = ["NODE_ENV"];

/** The record beside the build, written only after `next build` succeeded. */
export const RECORD_FILE = "anula-build.json";

/**
 * Every input of the build as `name → sha256`: `file:<path>` per source file, `env:<NAME>` per
 * build-time variable that is set, `dist-dir` and `node` (version, platform, arch). Values are
 * hashed, never kept: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is a secret.
 *
 * @param {{ root: string; env: Record<string, string | undefined>; distDir: string }} options
 * @returns {Record<string, string>}
 */
export function collectBuildInputs({ root, env, distDir }) {
  /** @type {Record<string, string>} */
  const inputs = {};
  const distAbsolute = path.resolve(root, distDir);
  const addFile = (relative) => {
    inputs[`file:${relative.split(path.sep).join("/")}`] = sha256(readFileSync(path.join(root, relative)));
  };
  for (const name of readdirSync(root).sort()) {
    if (ROOT_FILES.some((pattern) => pattern.test(name)) && statSync(path.join(root, name)).isFile()) {
      addFile(name);
    }
  }
  if (existsSync(path.join(root, INSTALLED_TREE))) addFile(INSTALLED_TREE);
  const seen = new Set();
  const walk = (relative) => {
    const absolute = path.join(root, relative);
    const real = realpathSync(absolute);
    if (seen.has(real) || real === distAbsolute) return; // a symlink loop, or the build's own output
    seen.add(real);
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      const stats = entry.isSymbolicLink() ? statSync(path.join(root, child)) : entry;
      if (stats.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (stats.isFile() && !TEST_FILE.test(entry.name)) {
        addFile(child);
      }
    }
  };
  for (const dir of SOURCE_DIRS) {
    if (existsSync(path.join(root, dir))) walk(dir);
  }

  const configText = readNextConfigText(root);
  const names = new Set([...ALWAYS_ENV, ...envNamesReadBy(configText)]);
  for (const name of Object.keys(env)) {
    if (BUILD_ENV_PREFIXES.some((prefix) => name.startsWith(prefix))) names.add(name);
  }
  for (const name of [...names].sort()) {
    const value = env[name];
    if (value !== undefined) inputs[`env:${name}`] = sha256(value);
  }
  inputs["dist-dir"] = sha256(path.relative(root, distAbsolute));
  inputs.node = sha256(`${process.version} ${process.platform} ${process.arch}`);
  return inputs;
}

/** One hash over all inputs (sorted, so the order files are listed in does not matter). */
export function fingerprintOf(inputs) {
  const hash = createHash("sha256");
  for (const name of Object.keys(inputs).sort()) hash.update(`${name}\0${inputs[name]}\n`);
  return hash.digest("hex");
}

/**
 * The variables next.config reads. A read we cannot name (`process.env[name]`, destructuring,
 * passing process.env along) could be any variable: it is listed as UNKNOWN, and staleReason then
 * never takes the build as current.
 */
export function envNamesReadBy(configText) {
  const names = [];
  for (const use of configText.matchAll(/process\.env\b/g)) {
    const rest = configText.slice(use.index);
    const named = /^process\.env(?:\.([A-Za-z_$][\w$]*)|\[\s*(["'])([^"'`\\]+)\2\s*\])/.exec(rest);
    names.push(named ? (named[1] ?? named[3]) : UNKNOWN);
  }
  return names;
}
const UNKNOWN = "\0unknown";

function readNextConfigText(root) {
  const file = readdirSync(root).find((name) => /^next\.config\.[cm]?[jt]s$/.test(name));
  return file ? readFileSync(path.join(root, file), "utf8") : "";
}

/**
 * Why the build in `distDir` cannot serve these inputs, or undefined when it can. The record must
 * name the BUILD_ID present now, so a `next build` run by hand after the record was written (a
 * build of other sources) also counts as stale.
 *
 * @returns {string | undefined}
 */
export function staleReason({ root, distDir, inputs }) {
  const dist = path.resolve(root, distDir);
  const buildId = readText(path.join(dist, "BUILD_ID"));
  if (buildId === undefined) return `no build in ${distDir}`;
  let record;
  try {
    record = JSON.parse(readText(path.join(dist, RECORD_FILE)) ?? "null");
  } catch {
    record = null;
  }
  if (!record || typeof record.inputs !== "object" || record.inputs === null) {
    return `the build in ${distDir} has no record of its inputs`;
  }
  if (record.buildId !== buildId) return `the build in ${distDir} was replaced after it was recorded`;
  if (envNamesReadBy(readNextConfigText(root)).includes(UNKNOWN)) {
    return "next.config reads environment variables this script cannot name";
  }
  if (record.fingerprint === fingerprintOf(inputs)) return undefined;
  const changed = changedInputs(record.inputs, inputs);
  const shown = changed.slice(0, 5).join(", ");
  return `changed since the last build: ${shown}${changed.length > 5 ? ` and ${changed.length - 5} more` : ""}`;
}

/** Input names added, removed or changed between two collections. */
export function changedInputs(before, after) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/** Forgets the record before a build starts: a build that fails half-way is never taken as current. */
export function forgetBuild({ root, distDir }) {
  rmSync(path.resolve(root, distDir, RECORD_FILE), { force: true });
}

/** Records the inputs of the build that just succeeded (collected before it started). */
export function recordBuild({ root, distDir, inputs }) {
  const dist = path.resolve(root, distDir);
  const buildId = readText(path.join(dist, "BUILD_ID"));
  if (buildId === undefined) throw new Error(`next build left no ${distDir}/BUILD_ID`);
  const record = { buildId, fingerprint: fingerprintOf(inputs), inputs };
  writeFileSync(path.join(dist, RECORD_FILE), `${JSON.stringify(record, null, 1)}\n`);
}

function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function sha256(data) {
  return createHash("sha256").update(data).digest("hex");
}
