import "server-only";

import { DOMParser, type Element } from "@xmldom/xmldom";

import type { OriginalEcf } from "@/lib/domain/credit-note-body";
import type { JsonObject } from "@/lib/domain/ecf-rules/json-access";

/** Groups DGII repeats: read as arrays even when the original holds one. */
const REPEATED = new Set(["TelefonoEmisor", "Item", "FormaDePago"]);

/**
 * The original e-CF as its signed XML says it, in MSeller's JSON shape (scalars as text, repeated
 * groups as arrays), for the credit note that cancels it. null: no signed e-CF to read.
 */
export function readOriginalEcf(xml: string | null): OriginalEcf | null {
  if (!xml || !xml.trimStart().startsWith("<")) return null;
  let root: Element | null;
  try {
    root = new DOMParser({ onError: () => {} }).parseFromString(xml, "text/xml").documentElement;
  } catch {
    return null;
  }
  if (!root || root.localName !== "ECF") return null;
  const ecf = jsonOf(root) as JsonObject;
  const encabezado = (ecf.Encabezado ?? {}) as JsonObject;
  const idDoc = (encabezado.IdDoc ?? {}) as JsonObject;
  const items = ((ecf.DetallesItems as JsonObject | undefined)?.Item ?? []) as JsonObject[];
  return {
    encf: String(idDoc.eNCF ?? ""),
    emisor: (encabezado.Emisor ?? {}) as JsonObject,
    comprador: (encabezado.Comprador as JsonObject | undefined) ?? null,
    tipoIngresos: typeof idDoc.TipoIngresos === "string" ? idDoc.TipoIngresos : null,
    tipoPago: typeof idDoc.TipoPago === "string" ? idDoc.TipoPago : null,
    pricesIncludeItbis: idDoc.IndicadorMontoGravado === "1",
    hasAdjustments:
      ecf.DescuentosORecargos !== undefined ||
      encabezado.OtraMoneda !== undefined ||
      (encabezado.Totales as JsonObject | undefined)?.ImpuestosAdicionales !== undefined,
    items,
    totales: (encabezado.Totales ?? {}) as JsonObject,
  };
}

function jsonOf(element: Element): unknown {
  const children: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) children.push(node as Element);
  }
  if (children.length === 0) return (element.textContent ?? "").trim();
  const value: JsonObject = {};
  for (const child of children) {
    const name = child.localName!;
    if (name === "Signature") continue;
    const converted = jsonOf(child);
    const existing = value[name];
    if (Array.isArray(existing)) existing.push(converted);
    else if (existing !== undefined) value[name] = [existing, converted];
    else value[name] = REPEATED.has(name) ? [converted] : converted;
  }
  return value;
}
