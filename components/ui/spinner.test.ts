import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ConfirmDialog } from "@/components/void-tool/confirm-dialog";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { es } from "@/lib/i18n/es";

/**
 * The void tool's confirmation is built from the ui primitives: its progress shows the ui Spinner,
 * its type-to-confirm input is the ui InputField (labelled "Total de secuencias", the instruction as
 * its hint), and no stylesheet outside components/ui draws a spinner or repeats the type code's style.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function confirmMarkup(sending: boolean): string {
  const result = validateVoidRequest({
    ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000012" }],
  });
  if (!result.ok) throw new Error("invalid sample");
  return renderToStaticMarkup(
    createElement(ConfirmDialog, {
      open: true,
      environment: "eCF",
      rnc: "130000001",
      plan: result.plan,
      locale: "es",
      strings: es.voidTool,
      sending,
      canConfirm: true,
      onCancel: () => {},
      onConfirm: () => {},
    }),
  );
}

describe("the void tool's confirmation uses the ui primitives", () => {
  it("shows the ui Spinner while sending, hidden from screen readers", () => {
    const markup = confirmMarkup(true);
    expect(markup).toMatch(/<span[^>]*data-ui="spinner"[^>]*aria-hidden="true"/);
    expect(markup.match(/data-ui="spinner"/g)).toHaveLength(1);
    expect(markup).toMatch(/role="status"[^>]*><span[^>]*data-ui="spinner"/);
    expect(confirmMarkup(false)).not.toContain('data-ui="spinner"');
  });

  it("asks for the total through the ui field: labelled 'Total de secuencias', the instruction as its hint", () => {
    const markup = confirmMarkup(false);
    const input = markup.match(/<input[^>]*>/g) ?? [];
    expect(input).toHaveLength(1);
    const id = /id="([^"]+)"/.exec(input[0]!)?.[1];
    expect(markup).toContain(`<label for="${id}">Total de secuencias</label>`);
    expect(input[0]).toContain(`aria-describedby="${id}-hint"`);
    expect(markup).toContain(
      `id="${id}-hint">Para confirmar, escriba arriba el total de secuencias a anular: 12.`,
    );
    expect(input[0]).not.toContain("aria-label");
  });

  it("has no spinner animation or type-code style outside their one place", () => {
    const sheets = ["components", "app"].flatMap((folder) =>
      readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".css"))
        .map((file) => path.join(folder, file)),
    );
    const defining = (pattern: RegExp) =>
      sheets.filter((file) => pattern.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(defining(/@keyframes/)).toEqual(["components/ui/spinner.module.css"]);
    expect(defining(/^\.typeCode\s*\{/m)).toEqual(["components/void-tool/void-summary.module.css"]);
  });
});
