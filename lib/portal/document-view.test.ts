import { describe, expect, it } from "vitest";

import { authorityMessages, fromBatchData, splitEncfList } from "./document-view";

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
      taxauthResponse: [],
      dgiiResponse: [],
      invoiceTotal: 118000,
    });
    expect(view).toMatchObject({ ncf: "E310000000001", invoiceTotal: 118000, buyerRnc: null, qrUrl: null });
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
