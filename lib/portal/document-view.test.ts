import { describe, expect, it } from "vitest";

import { getDictionary } from "@/lib/i18n";
import { NO_DGII_ANSWER_STATUS, DOCUMENT_SOURCES, LOOKUP_REASONS } from "@/lib/schemas/documents-query";

import {
  authorityMessages,
  dgiiAnswerOf,
  fromBatchData,
  fromDocumentRecord,
  mayAskDgiiAgain,
  receivedLabel,
  splitEncfList,
} from "./document-view";

describe("document view", () => {
  it("extracts the authority's messages from JSON-encoded responses", () => {
    const responses = [
      JSON.stringify({ trackId: "t", error: "", mensaje: "" }),
      JSON.stringify({
        codigo: 2,
        estado: "Rechazado",
        mensajes: [{ valor: "RNC no registrado", codigo: 2 }],
      }),
      "texto sin JSON",
    ];
    expect(authorityMessages(responses)).toEqual(["RNC no registrado", "texto sin JSON"]);
  });

  it("keeps absent batch fields as null", () => {
    const view = fromBatchData({
      ncf: "E310000000001",
      status: "Aceptado",
      createdAt: 1,
      updateAt: 2,
      customerId: "130000001",
      source: "imported",
      checkedAt: null,
      reviewReason: null,
      taxauthResponse: [],
      dgiiResponse: [],
      invoiceTotal: 118000,
    });
    expect(view).toMatchObject({ ncf: "E310000000001", invoiceTotal: 118000, buyerRnc: null, qrUrl: null });
  });

  it("carries where the document came from and when DGII was last asked", () => {
    const batch = fromBatchData({
      ncf: "E310000000002",
      status: "Aceptado",
      createdAt: 1,
      updateAt: 2,
      customerId: "130000001",
      source: "dgii",
      checkedAt: 1_765_000_000_000,
      reviewReason: null,
      taxauthResponse: [],
      dgiiResponse: [],
      stale: true,
    });
    expect(batch).toMatchObject({ source: "dgii", checkedAt: 1_765_000_000_000, stale: true });
    const single = fromDocumentRecord({
      fileName: null,
      updateAt: 2,
      customerReceivedAt: null,
      documentType: null,
      customerResponse: null,
      status: "En Proceso",
      taxauthResponse: [],
      dgiiResponse: [],
      createdAt: 1,
      securityCode: null,
      signedXml: null,
      ncf: "E310000000003",
      internalTrackId: null,
      customerReceived: null,
      qr_url: null,
      customerId: "130000001",
      source: "issued",
      checkedAt: null,
      reviewReason: null,
    });
    expect(single).toMatchObject({ source: "issued", checkedAt: null, stale: false });
  });

  it("says what DGII answered about an e-NCF the company does not hold", () => {
    expect(dgiiAnswerOf({ askedDgii: true })).toEqual({ kind: "absent" });
    expect(
      dgiiAnswerOf({
        reason: "TAXAUTH_TIMEOUT",
        message: "La DGII no respondió a tiempo; la consulta sigue.",
      }),
    ).toEqual({
      kind: "unanswered",
      reason: "TAXAUTH_TIMEOUT",
      message: "La DGII no respondió a tiempo; la consulta sigue.",
    });
    expect(dgiiAnswerOf({ reason: "NOT_ASKABLE" })).toEqual({
      kind: "unanswered",
      reason: "NOT_ASKABLE",
      message: "",
    });
    // Not asked at all (no lookup options): nothing to say about DGII.
    expect(dgiiAnswerOf({})).toBeNull();
  });

  it("offers to ask DGII again only for a looked-up or a not-found entry", () => {
    const found = (source: "imported" | "issued" | "dgii") => ({
      kind: "found" as const,
      document: { source },
    });
    expect(mayAskDgiiAgain(found("dgii"))).toBe(true);
    expect(mayAskDgiiAgain(found("imported"))).toBe(false);
    expect(mayAskDgiiAgain(found("issued"))).toBe(false);
    expect(mayAskDgiiAgain({ kind: "not-found" })).toBe(true);
    expect(mayAskDgiiAgain({ kind: "malformed" })).toBe(false);
  });

  it.each(["es", "en"] as const)("words every source, reason and status of a lookup in %s", (locale) => {
    const t = getDictionary(locale);
    for (const source of DOCUMENT_SOURCES) expect(t.documents.sources[source]).toMatch(/\w/);
    for (const reason of LOOKUP_REASONS) expect(t.documents.lookupReasons[reason]).toMatch(/\w/);
    expect(t.status[NO_DGII_ANSWER_STATUS]).toMatch(/\w/);
    expect(t.documents.sources.dgii).toBe(locale === "es" ? "Consultado en la DGII" : "Looked up at DGII");
  });

  it("splits pasted lists from spreadsheets, commas and spaces, upper-casing", () => {
    expect(splitEncfList("e310000000001\r\nE310000000002\tE310000000003, E310000000004;\n\n")).toEqual([
      "E310000000001",
      "E310000000002",
      "E310000000003",
      "E310000000004",
    ]);
  });
});

describe("the buyer's receipt (acuse de recibo) in words", () => {
  const words = { yes: "Sí", no: "No" };

  it('reads DGII\'s ARECF Estado: "0" is e-CF Recibido, "1" is e-CF No Recibido', () => {
    expect(receivedLabel("0", words)).toBe("Sí");
    expect(receivedLabel("1", words)).toBe("No");
  });

  it("reads an integrator's boolean as itself, keeps any other value and an absent one", () => {
    expect(receivedLabel("true", words)).toBe("Sí");
    expect(receivedLabel("false", words)).toBe("No");
    expect(receivedLabel("pendiente", words)).toBe("pendiente");
    expect(receivedLabel(null, words)).toBeNull();
  });
});
