import { describe, expect, it } from "vitest";

import { decidingReception, latestReception } from "./dgii-submissions";

const at = (trackId: string, estado: string, fechaRecepcion?: string) => ({
  trackId,
  estado,
  fechaRecepcion,
});

describe("which reception of an e-NCF speaks for it", () => {
  it("the latest is the last received by date, in each format DGII writes; DGII's order breaks ties", () => {
    expect(
      latestReception([
        at("b", "Rechazado", "11/3/2025 9:00:00 PM"),
        at("a", "Rechazado", "11/3/2025 8:00:00 PM"),
      ]).trackId,
    ).toBe("b");
    expect(latestReception([at("a", "Rechazado"), at("b", "Rechazado")]).trackId).toBe("b");
    expect(
      latestReception([at("a", "Rechazado", "11/3/2025 8:00:00 PM"), at("b", "Rechazado")]).trackId,
    ).toBe("a");
  });

  it("an accepted reception decides over a later rejected resend; otherwise the latest", () => {
    const accepted = at("a", "Aceptado Condicional", "11/3/2025 8:00:00 PM");
    expect(decidingReception([at("b", "Rechazado", "11/3/2025 9:00:00 PM"), accepted]).trackId).toBe("a");
    expect(
      decidingReception([
        at("a", "Rechazado", "11/3/2025 8:00:00 PM"),
        at("b", "En Proceso", "11/3/2025 9:00:00 PM"),
      ]).trackId,
    ).toBe("b");
  });
});
