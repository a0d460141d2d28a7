import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every statement that writes a "Document" row goes through the ledger's one writer
 * (document-writer.ts): it derives the ledger's columns (the e-NCF's parts, whether DGII left the
 * number reusable) so no path can write a document the ledger does not see. This test reads the
 * source like the entry-points test reads the routes: a new writer anywhere else fails here.
 */

/** Files that may write documents, and why. */
const ALLOWED_WRITERS: Record<string, string> = {
  "lib/server/ledger/document-writer.ts": "the one writer",
  "scripts/bench/documents.ts":
    "benchmark load of 100,000 synthetic rows; writes the ledger's columns itself",
  "scripts/bench/ledger.ts": "benchmark load of a million synthetic rows, then the migration's own rebuild",
  "scripts/bench/issue-follow-up.ts":
    "benchmark: puts its own issued documents back to En Proceso and due between runs (status and follow-up columns only)",
};

const ROOTS = ["app", "components", "lib", "scripts", "packages"];

/** A Prisma write on the document model, or SQL that writes the table. */
const WRITE_PATTERNS: RegExp[] = [
  /\.document\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\s*\(/,
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|COPY|TRUNCATE(\s+TABLE)?)\s+"Document"/i,
];

function writesDocuments(source: string): boolean {
  return WRITE_PATTERNS.some((pattern) => pattern.test(source));
}

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, found);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
      found.push(full);
  }
  return found;
}

describe("the ledger's one writer of documents", () => {
  it("recognises each kind of write (so the scan below can fail)", () => {
    expect(writesDocuments("await tx.document.createMany({ data })")).toBe(true);
    expect(writesDocuments("await db.document\n  .updateMany({ where })")).toBe(true);
    expect(writesDocuments("prisma.document.upsert({})")).toBe(true);
    expect(writesDocuments('await tx.$executeRaw`UPDATE "Document" SET "status" = ${s}`')).toBe(true);
    expect(writesDocuments('INSERT INTO "Document" ("id") VALUES (1)')).toBe(true);
    expect(writesDocuments('delete from "Document" where 1=1')).toBe(true);
    expect(writesDocuments("await db.document.findMany({ where })")).toBe(false);
    expect(writesDocuments('SELECT * FROM "Document"')).toBe(false);
    expect(writesDocuments('UPDATE "DocumentLookup" SET x = 1')).toBe(false);
  });

  it("is the only place in the code that writes a document (tests and their helpers aside)", () => {
    const root = process.cwd();
    const writers = ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)))
      .map((file) => path.relative(root, file).split(path.sep).join("/"))
      .filter((file) => !file.startsWith("lib/server/testing/") && !file.endsWith("/test-support.ts"))
      .filter((file) => writesDocuments(readFileSync(path.join(root, file), "utf8")));
    expect(writers.sort()).toEqual(Object.keys(ALLOWED_WRITERS).sort());
  });
});
