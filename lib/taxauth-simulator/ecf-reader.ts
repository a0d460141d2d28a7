import "server-only";

import { DOMParser, type Element } from "@xmldom/xmldom";

/** One line of DetallesItems, amounts as the document writes them (decimal strings, "" when absent). */
export interface EcfItem {
  numeroLinea: string;
  indicadorFacturacion: string;
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  recargo: string;
  montoItem: string;
}

/** One global discount or surcharge of DescuentosORecargos. */
export interface EcfAdjustment {
  tipoAjuste: string;
  monto: string;
  /** The ITBIS bucket it changes: 1, 2, 3 or 4 (exempt); "" when the document does not say. */
  indicadorFacturacion: string;
}

/** What DGII's reception reads of an e-CF once it passed the XSD. */
export interface EcfContent {
  tipoeCF: string;
  encf: string;
  rncEmisor: string;
  fechaVencimientoSecuencia: string;
  /** "1": the lines' amounts include ITBIS. */
  indicadorMontoGravado: string;
  /** Encabezado/Totales: element name → text, only the elements present. */
  totales: Record<string, string>;
  items: EcfItem[];
  adjustments: EcfAdjustment[];
}

/**
 * Reads an e-CF with a DOM: an e-CF has at most 1,000 lines, so unlike the ANECF (100,000 ranges)
 * a DOM costs nothing worth a tokenizer. Only what the reception's checks use is read. The
 * simulator's own reader: it shares nothing with Anula's e-CF code, so a bug there shows here.
 */
export function readEcf(xml: string): EcfContent {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(xml, "text/xml");
  const root = document.documentElement;
  const encabezado = child(root, "Encabezado");
  const idDoc = child(encabezado, "IdDoc");
  const text = (parent: Element | undefined, name: string) => child(parent, name)?.textContent?.trim() ?? "";
  const totales: Record<string, string> = {};
  for (const element of children(child(encabezado, "Totales"))) {
    totales[element.localName ?? element.nodeName] = element.textContent?.trim() ?? "";
  }
  return {
    tipoeCF: text(idDoc, "TipoeCF"),
    encf: text(idDoc, "eNCF").toUpperCase(),
    rncEmisor: text(child(encabezado, "Emisor"), "RNCEmisor"),
    fechaVencimientoSecuencia: text(idDoc, "FechaVencimientoSecuencia"),
    indicadorMontoGravado: text(idDoc, "IndicadorMontoGravado"),
    totales,
    items: children(child(root, "DetallesItems"), "Item").map((item) => ({
      numeroLinea: text(item, "NumeroLinea"),
      indicadorFacturacion: text(item, "IndicadorFacturacion"),
      cantidad: text(item, "CantidadItem"),
      precioUnitario: text(item, "PrecioUnitarioItem"),
      descuento: text(item, "DescuentoMonto"),
      recargo: text(item, "RecargoMonto"),
      montoItem: text(item, "MontoItem"),
    })),
    adjustments: children(child(root, "DescuentosORecargos"), "DescuentoORecargo").map((entry) => ({
      tipoAjuste: text(entry, "TipoAjuste"),
      monto: text(entry, "MontoDescuentooRecargo"),
      indicadorFacturacion: text(entry, "IndicadorFacturacionDescuentooRecargo"),
    })),
  };
}

function children(parent: Element | null | undefined, name?: string): Element[] {
  if (!parent) return [];
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (!name || (node as Element).localName === name)) found.push(node as Element);
  }
  return found;
}

function child(parent: Element | null | undefined, name: string): Element | undefined {
  return children(parent, name)[0];
}
