import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { es } from "@/lib/i18n/es";

import { STATUS_LOOK, StatusBadge } from "./status-badge";

/**
 * A status badge reads as a whole word: its symbol is never an ellipsis (a clerk read a waiting void
 * request's "… Pendiente" as a label cut off), and the word is the full translated status.
 */
describe("StatusBadge", () => {
  it("no status's symbol is an ellipsis or ends like cut text", () => {
    for (const [status, look] of Object.entries(STATUS_LOOK)) {
      expect(look.symbol, status).not.toMatch(/…|\.\.\./);
    }
  });

  it("a waiting void request shows a clock beside the whole word Pendiente, the symbol hidden from readers", () => {
    const html = renderToStaticMarkup(
      createElement(StatusBadge, { status: "Pendiente", label: es.approvals.statuses.Pendiente }),
    );
    expect(html).toContain('<span aria-hidden="true">◷</span>');
    expect(html).toContain(">Pendiente</span>");
    expect(html).not.toContain("…");
  });
});
