import type { EcfJson } from "../ecf-validation";

/**
 * A one-page document's page count left out. DGII's XSD takes `TotalPaginas` only above 1
 * (Integer4ValidationTypeMayorUno), yet MSeller's own documented example and the clients built on it
 * send `TotalPaginas: 1` on every e-CF, and MSeller issues them: a count of one says nothing the
 * absent element does not, so it is dropped rather than refused.
 */
export function withoutOnePageCount(ecf: EcfJson): EcfJson {
  const encabezado = ecf.Encabezado as Record<string, unknown> | undefined;
  const idDoc = encabezado?.IdDoc as Record<string, unknown> | undefined;
  if (idDoc === undefined || String(idDoc.TotalPaginas).trim() !== "1") return ecf;
  const { TotalPaginas: one, ...rest } = idDoc;
  void one;
  return { ...ecf, Encabezado: { ...encabezado, IdDoc: rest } };
}
