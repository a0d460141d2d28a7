import { expect } from "@playwright/test";

/** The spec's 200 body of POST void-ncf for one range. */
export function verifyAccepted(body: Record<string, unknown>, range: { desde: string; hasta: string }): void {
  expect(body).toMatchObject({
    status: "Aceptado",
    rnc: "130000001",
    totalVoided: 3,
    ranges: [{ tipoeCF: "32", secuenciaDesde: range.desde, secuenciaHasta: range.hasta, cantidad: 3 }],
    taxauthResponse: { codigo: "1", nombre: "Aceptado", mensajes: [] },
  });
  expect(body.fileName).toBe(`130000001ANECF${body.voidId as string}.xml`);
}
