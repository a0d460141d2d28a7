import { describe, expect, it } from "vitest";

import type { GapView } from "@/lib/domain/ledger-views";

import { cutRefused, holdsRefused, refusalsOf, type Refusal } from "./gap-refusals";

const checked: GapView["checked"] = {
  coverageMark: 1,
  quietPeriodHours: 72,
  higherIssued: "E330000000020",
  higherIssuedAt: 1,
  higherIssuedAtKnown: true,
};
const gap = (desde: string, hasta: string, cantidad: number): GapView => ({
  kind: "salto",
  secuenciaDesde: desde,
  secuenciaHasta: hasta,
  cantidad,
  checked,
});
const refusal = (encf: string, estado = "Aceptado"): [string, Refusal] => [
  encf,
  { encf, estado, trackIds: [`t-${encf}`], proposed: true },
];

describe("the gap review's refused numbers (DGII received them)", () => {
  it("reads the received numbers from DGII's answers, a used estado deciding over a rejection", () => {
    const found = refusalsOf(
      [
        { encf: "E330000000002", kind: "never-received" },
        {
          encf: "E330000000003",
          kind: "received",
          trackIds: [
            { trackId: "a", estado: "Rechazado" },
            { trackId: "b", estado: "Aceptado" },
          ],
        },
        { encf: "E330000000004", kind: "received", trackIds: [{ trackId: "c", estado: "Rechazado" }] },
        { encf: "E330000000005", kind: "unknown", reason: "TAXAUTH_TIMEOUT" },
        { encf: "E330000000003", kind: "received", trackIds: [{ trackId: "a", estado: "Rechazado" }] },
      ],
      true,
    );
    expect(found).toEqual([
      { encf: "E330000000003", estado: "Aceptado", trackIds: ["a", "b"], proposed: true },
      { encf: "E330000000004", estado: "Rechazado", trackIds: ["c"], proposed: true },
    ]);
  });

  it("cuts a refused number out of its gap: the pieces around it, and its own row with the refusal", () => {
    const refused = new Map([refusal("E330000000005"), refusal("E330000000003")]);
    const rows = cutRefused(
      [gap("E330000000001", "E330000000006", 6), gap("E340000000001", "E340000000001", 1)],
      refused,
    );
    expect(
      rows.map((row) => [row.secuenciaDesde, row.secuenciaHasta, row.cantidad, row.refusal?.encf ?? null]),
    ).toEqual([
      ["E330000000001", "E330000000002", 2, null],
      ["E330000000003", "E330000000003", 1, "E330000000003"],
      ["E330000000004", "E330000000004", 1, null],
      ["E330000000005", "E330000000005", 1, "E330000000005"],
      ["E330000000006", "E330000000006", 1, null],
      ["E340000000001", "E340000000001", 1, null],
    ]);
    expect(rows[0]!.cut).toEqual(["E330000000003", "E330000000005"]);
    expect(rows[5]!.cut).toBeUndefined();
  });

  it("turns a one-number gap DGII received into its refused row, and knows the ranges that hold one", () => {
    const refused = new Map([refusal("E340000000001")]);
    const rows = cutRefused([gap("E340000000001", "E340000000001", 1)], refused);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.refusal?.estado).toBe("Aceptado");
    const range = (secuenciaDesde: string, secuenciaHasta: string) => ({ secuenciaDesde, secuenciaHasta });
    expect(holdsRefused(range("E340000000001", "E340000000009"), refused)).toBe(true);
    expect(holdsRefused(range("E340000000002", "E340000000009"), refused)).toBe(false);
    expect(holdsRefused(range("E330000000001", "E330000000009"), refused)).toBe(false);
  });

  it("keeps the row of a proposed number the refreshed page no longer proposes, in its place; a typed one only in the list", async () => {
    const refused = new Map([
      refusal("E330000000004"),
      ["E330000000009", { encf: "E330000000009", estado: "Aceptado", trackIds: ["t"], proposed: false }] as [
        string,
        Refusal,
      ],
    ]);
    const rows = cutRefused(
      [
        gap("E330000000002", "E330000000003", 2),
        gap("E330000000005", "E330000000006", 2),
        gap("E340000000001", "E340000000001", 1),
      ],
      refused,
    );
    expect(rows.map((row) => [row.secuenciaDesde, row.refusal?.encf ?? null])).toEqual([
      ["E330000000002", null],
      ["E330000000004", "E330000000004"],
      ["E330000000005", null],
      ["E340000000001", null],
    ]);
  });
});
