import "server-only";

import { DOMParser, type Element } from "@xmldom/xmldom";
import Decimal from "decimal.js";

/**
 * The sums DGII's RFCE format defines among the summary's own totals (Formato RFCE v1.0, Totales,
 * each field's validation "b)"), the simulator's own arithmetic:
 *
 * - MontoGravadoTotal = MontoGravadoI1 + MontoGravadoI2 + MontoGravadoI3
 * - TotalITBIS = TotalITBIS1 + TotalITBIS2 + TotalITBIS3
 * - MontoImpuestoAdicional = Σ ImpuestoAdicional (ISC específico + ISC ad valorem + otros)
 * - MontoTotal = MontoGravadoTotal + MontoExento + TotalITBIS + MontoImpuestoAdicional
 * - MontoPeriodo = MontoTotal + MontoNoFacturable (when MontoPeriodo is given)
 *
 * A sum is checked when its field or any of its parts is present (an absent one counts 0). The RFCE
 * carries no lines, so the tolerance is one unit: DGII's per-line tolerance (Informe Técnico §12),
 * the smallest global one. The rate of each ITBIS is not checked: the format defines no such rule
 * for the summary (the full e-CF, kept by the issuer, has the lines it would come from). Beyond the
 * tolerance the summary is accepted conditionally, as an e-CF is; every difference is listed.
 */
const TOLERANCE = new Decimal(1);

interface Sum {
  field: string;
  parts: Decimal[];
  /** Whether the sum applies: its field or one of its parts is in the document. */
  applies: boolean;
}

export function checkRfceAmounts(xml: string): string[] {
  const totales = readTotales(xml);
  const has = (name: string) => totales.fields.has(name);
  const value = (name: string) => amount(totales.fields.get(name));
  const sums: Sum[] = [
    {
      field: "MontoGravadoTotal",
      parts: ["MontoGravadoI1", "MontoGravadoI2", "MontoGravadoI3"].map(value),
      applies: ["MontoGravadoTotal", "MontoGravadoI1", "MontoGravadoI2", "MontoGravadoI3"].some(has),
    },
    {
      field: "TotalITBIS",
      parts: ["TotalITBIS1", "TotalITBIS2", "TotalITBIS3"].map(value),
      applies: ["TotalITBIS", "TotalITBIS1", "TotalITBIS2", "TotalITBIS3"].some(has),
    },
    {
      field: "MontoImpuestoAdicional",
      parts: totales.additionalTaxes,
      applies: has("MontoImpuestoAdicional") || totales.additionalTaxes.length > 0,
    },
    {
      field: "MontoTotal",
      parts: ["MontoGravadoTotal", "MontoExento", "TotalITBIS", "MontoImpuestoAdicional"].map(value),
      applies: true,
    },
    {
      field: "MontoPeriodo",
      parts: ["MontoTotal", "MontoNoFacturable"].map(value),
      applies: has("MontoPeriodo"),
    },
  ];
  const observations: string[] = [];
  for (const { field, parts, applies } of sums) {
    if (!applies) continue;
    const expected = parts.reduce((sum, part) => sum.plus(part), new Decimal(0));
    const declared = value(field);
    const difference = declared.minus(expected).abs();
    if (difference.greaterThan(TOLERANCE)) {
      observations.push(
        `El campo ${field} ${has(field) ? declared.toFixed(2) : "(ausente)"} no corresponde a la suma de sus componentes ${expected.toFixed(2)}: la diferencia ${difference.toFixed(2)} supera la tolerancia de ${TOLERANCE.toFixed(2)}.`,
      );
    }
  }
  return observations;
}

/** Totales' direct fields (name → text) and each ImpuestoAdicional's amounts, summed per entry. */
function readTotales(xml: string): { fields: Map<string, string>; additionalTaxes: Decimal[] } {
  const root = new DOMParser({ onError: () => undefined }).parseFromString(xml, "text/xml").documentElement;
  const totales = children(children(root, "Encabezado")[0], "Totales")[0];
  const fields = new Map<string, string>();
  for (const element of children(totales)) {
    fields.set(element.localName ?? element.nodeName, element.textContent?.trim() ?? "");
  }
  const additionalTaxes = children(children(totales, "ImpuestosAdicionales")[0], "ImpuestoAdicional").map(
    (tax) =>
      children(tax)
        .filter((element) => element.localName !== "TipoImpuesto")
        .reduce((sum, element) => sum.plus(amount(element.textContent?.trim())), new Decimal(0)),
  );
  return { fields, additionalTaxes };
}

function amount(text: string | undefined): Decimal {
  if (!text) return new Decimal(0);
  try {
    return new Decimal(text);
  } catch {
    return new Decimal(0);
  }
}

function children(parent: Element | null | undefined, name?: string): Element[] {
  if (!parent) return [];
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (!name || (node as Element).localName === name)) found.push(node as Element);
  }
  return found;
}
