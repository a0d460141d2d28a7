import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { CopyButton, copyText } from "./copy-button";

describe("Copiar says whether it copied", () => {
  it("uses the clipboard when the browser grants it", async () => {
    const written: string[] = [];
    const copied = await copyText("k_123", {
      clipboard: { writeText: async (text) => void written.push(text) },
      fallback: () => {
        throw new Error("not needed");
      },
    });
    expect(copied).toBe(true);
    expect(written).toEqual(["k_123"]);
  });

  it("falls back to the copy command when the clipboard refuses, and reports a refusal of both", async () => {
    const refused = { writeText: () => Promise.reject(new Error("NotAllowedError")) };
    const seen: string[] = [];
    expect(await copyText("k_123", { clipboard: refused, fallback: (text) => (seen.push(text), true) })).toBe(
      true,
    );
    expect(seen).toEqual(["k_123"]);
    expect(await copyText("k_123", { clipboard: refused, fallback: () => false })).toBe(false);
    expect(
      await copyText("k_123", {
        fallback: () => {
          throw new Error("no document");
        },
      }),
    ).toBe(false);
  });

  it("has a polite live region beside the button for screen readers", () => {
    const html = renderToStaticMarkup(
      createElement(CopyButton, { text: "x", label: "Copiar", copiedLabel: "Copiado", failedLabel: "No" }),
    );
    expect(html).toContain(">Copiar</button>");
    expect(html).toMatch(/<span role="status" aria-live="polite"[^>]*data-testid="copy-status"><\/span>/);
  });
});
