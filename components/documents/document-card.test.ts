import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";
import type { DocumentView } from "@/lib/portal/document-view";

import { DocumentCard } from "./document-card";

const DOCUMENT: DocumentView = {
  ncf: "E310000000007",
  status: "En Proceso",
  documentType: "31",
  buyerRnc: null,
  invoiceTotal: null,
  createdAt: Date.UTC(2026, 11, 1, 14, 0, 0),
  updateAt: Date.UTC(2026, 11, 1, 14, 5, 0),
  securityCode: null,
  fileName: null,
  customerReceived: null,
  qrUrl: null,
  messages: [],
  source: "issued",
  checkedAt: Date.UTC(2026, 11, 1, 14, 5, 0),
  stale: false,
};

function render(document: DocumentView, t: typeof es) {
  return renderToStaticMarkup(
    createElement(DocumentCard, {
      document,
      t: t.documents,
      received: t.finding.documents.received,
      statusLabels: t.status,
      locale: t === es ? "es" : "en",
    }),
  );
}

describe("a found document's card", () => {
  it("says when its status is the last one stored because DGII could not be asked, in both languages", () => {
    expect(render({ ...DOCUMENT, stale: true }, es)).toContain(es.documents.stale);
    expect(render({ ...DOCUMENT, stale: true }, en as typeof es)).toContain(en.documents.stale);
    expect(render({ ...DOCUMENT, stale: true }, es)).toContain('data-testid="document-stale"');
  });

  it("says nothing of it when DGII answered", () => {
    expect(render(DOCUMENT, es)).not.toContain('data-testid="document-stale"');
  });
});
