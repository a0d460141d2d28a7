import { isValidRnc } from "./rnc";
import type { VoidPlan } from "./void-request";

export const ANECF_VERSION = "1.0";
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export interface AnecfInput {
  rncEmisor: string;
  plan: Pick<VoidPlan, "blocks" | "totalVoided" | "fechaHoraAnulacion">;
}

/**
 * Builds the unsigned ANECF v1.0 document exactly as DGII's XSD orders it, compact (no whitespace
 * between elements), ready for signing. Plain string concatenation (V8 ropes beat an array join here,
 * measured ~30 vs ~50 ms for 100,000 ranges): every value is a validated e-NCF, digit count or date,
 * so no character needs escaping; it runs in the browser for the preview too. A test proves it
 * byte-identical to xmlbuilder2's output.
 */
export function buildAnecfXml({ rncEmisor, plan }: AnecfInput): string {
  if (!isValidRnc(rncEmisor)) throw new Error(`RncEmisor must have 9 or 11 digits, got "${rncEmisor}"`);
  let xml =
    XML_DECLARATION +
    "<ANECF><Encabezado><Version>" +
    ANECF_VERSION +
    "</Version><RncEmisor>" +
    rncEmisor +
    "</RncEmisor><CantidadeNCFAnulados>" +
    plan.totalVoided +
    "</CantidadeNCFAnulados><FechaHoraAnulacioneNCF>" +
    plan.fechaHoraAnulacion +
    "</FechaHoraAnulacioneNCF></Encabezado><DetalleAnulacion>";
  for (const block of plan.blocks) {
    xml +=
      "<Anulacion><NoLinea>" +
      block.noLinea +
      "</NoLinea><TipoeCF>" +
      block.tipoeCF +
      "</TipoeCF><TablaRangoSecuenciasAnuladaseNCF>";
    for (const range of block.ranges) {
      xml +=
        "<Secuencias><SecuenciaeNCFDesde>" +
        range.secuenciaDesde +
        "</SecuenciaeNCFDesde><SecuenciaeNCFHasta>" +
        range.secuenciaHasta +
        "</SecuenciaeNCFHasta></Secuencias>";
    }
    xml +=
      "</TablaRangoSecuenciasAnuladaseNCF><CantidadeNCFAnulados>" +
      block.cantidad +
      "</CantidadeNCFAnulados></Anulacion>";
  }
  return xml + "</DetalleAnulacion></ANECF>";
}

/** Indents a compact XML document for reading (the portal's preview); never used for signing. */
export function prettyPrintXml(xml: string): string {
  const tokens = xml.replace(/>\s*</g, "><").split(/(?=<)|(?<=>)/);
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.startsWith("</")) {
      depth--;
      lines.push("  ".repeat(depth) + token);
    } else if (token.startsWith("<?") || token.endsWith("/>")) {
      lines.push("  ".repeat(depth) + token);
    } else if (token.startsWith("<")) {
      const text = tokens[i + 1];
      const close = tokens[i + 2];
      if (text !== undefined && !text.startsWith("<") && close?.startsWith("</")) {
        lines.push("  ".repeat(depth) + token + text + close);
        i += 2;
      } else {
        lines.push("  ".repeat(depth) + token);
        depth++;
      }
    } else if (token.trim() !== "") {
      lines.push("  ".repeat(depth) + token);
    }
  }
  return lines.join("\n");
}
