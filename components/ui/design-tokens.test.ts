import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { cssStyleLiterals, tsxStyleLiterals } from "@/lib/design/style-literals";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The one file allowed to hold literal values. */
const TOKENS_FILE = "app/tokens.css";

function filesUnder(folder: string, extension: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(extension))
    .map((file) => path.join(folder, file));
}

describe("design tokens: no colour or spacing literal outside app/tokens.css", () => {
  it("flags colours, spacings, radii, font sizes and token-like custom properties", () => {
    const css = [
      ".a { color: #fff; }",
      ".b { background: rgb(0 0 0 / 10%); }",
      ".c { border: 1px solid white; }",
      ".d { padding: 0.5rem 1rem; }",
      ".e { margin-top: -3px; }",
      ".f { gap: 1rem; }",
      ".g { border-radius: 8px; }",
      ".h { font-size: 0.9rem; }",
      ".i { --local-colour: #0b5394; }",
    ].join("\n");
    expect(cssStyleLiterals(css).map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tsxStyleLiterals(`<p style={{ marginTop: "1rem" }} />`)).toHaveLength(1);
    expect(tsxStyleLiterals(`<p style={{ color: "#e5e7eb" }} />`)).toHaveLength(1);
  });

  it("accepts tokens, zero, layout lengths, selectors with colons and comments", () => {
    const css = [
      "/* #fff in a comment */",
      "a:hover, .x:focus-visible { color: var(--color-primary); }",
      ".a { padding: var(--space-xs) var(--space-md); margin: 0; width: 2.5rem; }",
      ".b { border: 1px solid var(--color-border); outline: var(--focus-ring); }",
      ".c { max-width: 70ch; height: min(60vh, 560px); border-radius: 50%; }",
      ".d { margin: calc(-1 * var(--space-xs)); color: currentColor; background: transparent; }",
    ].join("\n");
    expect(cssStyleLiterals(css)).toEqual([]);
    expect(tsxStyleLiterals(`<div style={{ height: size, transform: \`translateY(\${y}px)\` }} />`)).toEqual(
      [],
    );
  });

  it("finds none in the portal's stylesheets", () => {
    const sheets = [...filesUnder("app", ".css"), ...filesUnder("components", ".css")].filter(
      (file) => file !== TOKENS_FILE,
    );
    expect(sheets.length).toBeGreaterThan(5);
    const hits = sheets.flatMap((file) =>
      cssStyleLiterals(readFileSync(path.join(ROOT, file), "utf8")).map(
        (hit) => `${file}:${hit.line} ${hit.kind}: ${hit.declaration}`,
      ),
    );
    expect(hits).toEqual([]);
  });

  it("finds none in inline styles of the portal's components and pages", () => {
    const sources = [...filesUnder("app", ".tsx"), ...filesUnder("components", ".tsx")];
    const hits = sources.flatMap((file) =>
      tsxStyleLiterals(readFileSync(path.join(ROOT, file), "utf8")).map(
        (hit) => `${file}:${hit.line} ${hit.kind}: ${hit.declaration}`,
      ),
    );
    expect(hits).toEqual([]);
  });
});
