import path from "node:path";

import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * "No JSX text outside the catalogues", proven through ESLint itself (eslint.config.mjs, the
 * anula/no-jsx-literals block): each probe is linted as if it were a component file, and words in
 * JSX must fail `npm run lint` while catalogue lookups, props and punctuation pass.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT_RULES = new Set(["react/jsx-no-literals", "no-restricted-syntax"]);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function textErrors(file: string, jsx: string): Promise<string[]> {
  const code = `export function Probe({ t, on }: { t: { title: string }; on: boolean }) {\n  return ${jsx};\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2 && TEXT_RULES.has(message.ruleId ?? ""))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe("JSX text outside the catalogues fails the lint", () => {
  it.each([
    ["text between tags", "<p>Anular e-NCF</p>"],
    ["a string child", `<p>{"Resultado"}</p>`],
    ["a template child", "<p>{`Línea ${t.title}`}</p>"],
    ["a word in a conditional child", `<p>{on ? "Sí" : t.title}</p>`],
    ["a word after &&", `<p>{on && "Cargando…"}</p>`],
  ])("%s in a component", async (_name, jsx) => {
    expect(await textErrors("components/voids/probe.tsx", jsx)).not.toEqual([]);
  });

  it.each([
    ["a literal aria-label", `<button aria-label="Cerrar">{t.title}</button>`],
    ["a literal placeholder", `<input placeholder={"Buscar e-NCF"} />`],
    ["a literal title", "<abbr title={`Fecha de anulación`}>{t.title}</abbr>"],
    ["a literal alt", `<img alt="Logo de la DGII" src="/logo.png" />`],
    ["a word in a conditional text prop", `<button aria-label={on ? "Abrir" : t.title} />`],
    ["a word after && in a text prop", `<span title={on && "Copiado"} />`],
    ["a primitive's label", `<Field label="Total de secuencias" />`],
  ])("%s", async (_name, jsx) => {
    expect(await textErrors("components/voids/probe.tsx", jsx)).not.toEqual([]);
  });

  it("in a page too", async () => {
    expect(await textErrors("app/(portal)/voids/probe.tsx", "<h1>Historial</h1>")).not.toEqual([]);
  });
});

describe("catalogue text, props and punctuation pass", () => {
  it.each([
    ["a catalogue lookup", "<p>{t.title}</p>"],
    ["props", `<p className={on ? "a" : "b"} data-testid="x">{t.title}</p>`],
    [
      "text props from the catalogue",
      `<input aria-label={t.title} placeholder={t.title} title={on ? t.title : undefined} />`,
    ],
    ["a text prop without words", `<input placeholder="0000" title={"·"} />`],
    ["punctuation between values", `<p>{t.title}{" · "}{t.title} ({t.title})</p>`],
    ["a conditional between lookups", "<p>{on ? t.title : null}</p>"],
  ])("%s", async (_name, jsx) => {
    expect(await textErrors("components/voids/probe.tsx", jsx)).toEqual([]);
  });
});
