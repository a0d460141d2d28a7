import "server-only";

import { DOMParser, type Element } from "@xmldom/xmldom";

/** What the printed representation shows of a signed e-CF, as its XML says it (text as signed). */
export interface PrintedEcf {
  tipo: string;
  encf: string;
  fechaVencimiento: string | null;
  fechaEmision: string;
  numeroFacturaInterna: string | null;
  emisor: {
    rnc: string;
    razonSocial: string;
    nombreComercial: string | null;
    sucursal: string | null;
    direccion: string | null;
    municipio: string | null;
    provincia: string | null;
    telefonos: string[];
    correo: string | null;
  };
  comprador: {
    rnc: string | null;
    identificadorExtranjero: string | null;
    razonSocial: string | null;
  } | null;
  items: PrintedItem[];
  /** Encabezado/Totales: element → text, the scalar elements present. */
  totales: Record<string, string>;
  otraMoneda: { tipo: string; tasa: string | null; total: string | null } | null;
  descuentosORecargos: Array<{
    tipo: string;
    descripcion: string | null;
    porcentaje: string | null;
    monto: string | null;
  }>;
  referencia: {
    ncfModificado: string;
    fechaNcfModificado: string | null;
    codigoModificacion: string | null;
    razonModificacion: string | null;
  } | null;
  fechaHoraFirma: string | null;
}

export interface PrintedItem {
  linea: string;
  indicadorFacturacion: string;
  nombre: string;
  cantidad: string;
  unidad: string | null;
  precio: string;
  descuento: string | null;
  recargo: string | null;
  monto: string;
}

/** null when the text is not a signed e-CF (an import's signedXml may be a storage path). */
export function readSignedEcf(xml: string): PrintedEcf | null {
  if (!xml.trimStart().startsWith("<")) return null;
  let root: Element | null;
  try {
    root = new DOMParser({ onError: () => {} }).parseFromString(xml, "text/xml").documentElement;
  } catch {
    return null;
  }
  if (!root || root.localName !== "ECF") return null;
  const encabezado = child(root, "Encabezado");
  const idDoc = child(encabezado, "IdDoc");
  const emisor = child(encabezado, "Emisor");
  const comprador = child(encabezado, "Comprador");
  const referencia = child(root, "InformacionReferencia");
  const otraMoneda = child(encabezado, "OtraMoneda");
  return {
    tipo: text(idDoc, "TipoeCF") ?? "",
    encf: text(idDoc, "eNCF") ?? "",
    fechaVencimiento: text(idDoc, "FechaVencimientoSecuencia"),
    fechaEmision: text(emisor, "FechaEmision") ?? "",
    numeroFacturaInterna: text(emisor, "NumeroFacturaInterna"),
    emisor: {
      rnc: text(emisor, "RNCEmisor") ?? "",
      razonSocial: text(emisor, "RazonSocialEmisor") ?? "",
      nombreComercial: text(emisor, "NombreComercial"),
      sucursal: text(emisor, "Sucursal"),
      direccion: text(emisor, "DireccionEmisor"),
      municipio: text(emisor, "Municipio"),
      provincia: text(emisor, "Provincia"),
      telefonos: children(child(emisor, "TablaTelefonoEmisor"), "TelefonoEmisor").map(contentOf),
      correo: text(emisor, "CorreoEmisor"),
    },
    comprador: comprador
      ? {
          rnc: text(comprador, "RNCComprador"),
          identificadorExtranjero: text(comprador, "IdentificadorExtranjero"),
          razonSocial: text(comprador, "RazonSocialComprador"),
        }
      : null,
    items: children(child(root, "DetallesItems"), "Item").map((item) => ({
      linea: text(item, "NumeroLinea") ?? "",
      indicadorFacturacion: text(item, "IndicadorFacturacion") ?? "",
      nombre: text(item, "NombreItem") ?? "",
      cantidad: text(item, "CantidadItem") ?? "",
      unidad: text(item, "UnidadMedida"),
      precio: text(item, "PrecioUnitarioItem") ?? "",
      descuento: text(item, "DescuentoMonto"),
      recargo: text(item, "RecargoMonto"),
      monto: text(item, "MontoItem") ?? "",
    })),
    totales: scalarsOf(child(encabezado, "Totales")),
    otraMoneda: otraMoneda
      ? {
          tipo: text(otraMoneda, "TipoMoneda") ?? "",
          tasa: text(otraMoneda, "TipoCambio"),
          total: text(otraMoneda, "MontoTotalOtraMoneda"),
        }
      : null,
    descuentosORecargos: children(child(root, "DescuentosORecargos"), "DescuentoORecargo").map((entry) => ({
      tipo: text(entry, "TipoAjuste") ?? "",
      descripcion: text(entry, "DescripcionDescuentooRecargo"),
      porcentaje: text(entry, "TipoValor") === "%" ? text(entry, "ValorDescuentooRecargo") : null,
      monto: text(entry, "MontoDescuentooRecargo"),
    })),
    referencia: referencia
      ? {
          ncfModificado: text(referencia, "NCFModificado") ?? "",
          fechaNcfModificado: text(referencia, "FechaNCFModificado"),
          codigoModificacion: text(referencia, "CodigoModificacion"),
          razonModificacion: text(referencia, "RazonModificacion"),
        }
      : null,
    fechaHoraFirma: text(root, "FechaHoraFirma"),
  };
}

function children(parent: Element | null, name: string): Element[] {
  if (!parent) return [];
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) found.push(node as Element);
  }
  return found;
}

function child(parent: Element | null, name: string): Element | null {
  return children(parent, name)[0] ?? null;
}

function contentOf(element: Element): string {
  return (element.textContent ?? "").trim();
}

function text(parent: Element | null, name: string): string | null {
  const element = child(parent, name);
  const value = element ? contentOf(element) : "";
  return value === "" ? null : value;
}

/** The element children without element children of their own, name → text. */
function scalarsOf(parent: Element | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (let node = parent?.firstChild ?? null; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (!hasElementChild(element)) values[element.localName!] = contentOf(element);
  }
  return values;
}

function hasElementChild(element: Element): boolean {
  for (let node = element.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) return true;
  return false;
}
