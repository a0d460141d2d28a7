/**
 * `npx tsx scripts/import-closure.ts [entry] [--root DIR]`: the project files an entry reaches through
 * its static imports (types included), as one JSON line: how many, how many under lib/server, and
 * per folder. It measures how much a newcomer must read to follow one route; default entry: the
 * POST void-ncf route. `--root` reads another checkout (e.g. `git worktree add /tmp/old <rev>`), so
 * two commits compare with the same count.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^"'`]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

function resolve(root: string, from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function closure(root: string, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [path.resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const target = specifier ? resolve(root, file, specifier) : null;
      // Generated code (the Prisma client) is not read by a newcomer.
      if (target && !target.includes(`${path.sep}generated${path.sep}`)) queue.push(target);
    }
  }
  return seen;
}

function main(): void {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf("--root");
  const root = path.resolve(rootAt >= 0 ? args[rootAt + 1]! : process.cwd());
  const entry =
    args.find((arg, index) => !arg.startsWith("--") && index !== rootAt + 1) ??
    "app/[environment]/customer/void-ncf/route.ts";
  const files = [...closure(root, entry)].map((file) => path.relative(root, file));
  const byFolder: Record<string, number> = {};
  for (const file of files) {
    const parts = file.split(path.sep);
    const folder =
      parts[0] === "lib" && parts[1] === "server"
        ? parts.slice(0, parts[2] === "platform" ? 4 : 3).join("/")
        : parts.slice(0, 2).join("/");
    byFolder[folder] = (byFolder[folder] ?? 0) + 1;
  }
  process.stdout.write(
    `${JSON.stringify({
      entry,
      files: files.length,
      libServerFiles: files.filter((file) => file.startsWith(`lib${path.sep}server`)).length,
      byFolder: Object.fromEntries(Object.entries(byFolder).sort(([, a], [, b]) => b - a)),
    })}\n`,
  );
}

main();
