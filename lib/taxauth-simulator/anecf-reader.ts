import "server-only";

export interface AnecfRange {
  desde: string;
  hasta: string;
}

export interface AnecfBlock {
  noLinea: string;
  tipoeCF: string;
  ranges: AnecfRange[];
  cantidad: string;
}

export interface AnecfContent {
  version: string;
  rncEmisor: string;
  cantidad: string;
  fechaHora: string;
  blocks: AnecfBlock[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code =
        entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[entity] ?? whole;
  });
}

/**
 * Reads the fields of an ANECF that already passed the XSD (so its structure and order are
 * known). A one-pass tokenizer instead of a DOM: a 100,000-range document is ~13 MB and a DOM of
 * it costs seconds and hundreds of MB, this costs ~100 ms. Handles comments, CDATA and entities.
 */
export function readAnecf(xml: string): AnecfContent {
  const content: AnecfContent = { version: "", rncEmisor: "", cantidad: "", fechaHora: "", blocks: [] };
  const stack: string[] = [];
  let text = "";
  let block: AnecfBlock | null = null;
  let range: AnecfRange | null = null;
  let insideSignature = false;
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([^\s/>]+)[^>]*?(\/?)>|([^<]+)/g;
  for (let match = token.exec(xml); match; match = token.exec(xml)) {
    const [, cdata, closing, rawName, selfClosing, chars] = match;
    if (cdata !== undefined) text += cdata;
    else if (chars !== undefined) text += decodeText(chars);
    else if (rawName !== undefined) {
      const name = rawName.includes(":") ? rawName.slice(rawName.indexOf(":") + 1) : rawName;
      if (!closing) {
        if (name === "Signature" && stack.length === 1) insideSignature = true;
        if (!insideSignature && name === "Anulacion")
          block = { noLinea: "", tipoeCF: "", ranges: [], cantidad: "" };
        if (!insideSignature && name === "Secuencias") range = { desde: "", hasta: "" };
        text = "";
        if (!selfClosing) stack.push(name);
        else if (name === "Signature" && stack.length === 1) insideSignature = false;
        continue;
      }
      stack.pop();
      if (insideSignature) {
        if (name === "Signature" && stack.length === 1) insideSignature = false;
        continue;
      }
      const value = text.trim();
      const parent = stack[stack.length - 1];
      if (parent === "Encabezado") assignHeader(content, name, value);
      else if (name === "Anulacion" && block) content.blocks.push(block);
      else if (parent === "Anulacion" && block) assignBlock(block, name, value);
      else if (name === "Secuencias" && range && block) block.ranges.push(range);
      else if (parent === "Secuencias" && range) {
        if (name === "SecuenciaeNCFDesde") range.desde = value;
        if (name === "SecuenciaeNCFHasta") range.hasta = value;
      }
      text = "";
    }
  }
  return content;
}

function assignHeader(content: AnecfContent, name: string, value: string): void {
  if (name === "Version") content.version = value;
  if (name === "RncEmisor") content.rncEmisor = value;
  if (name === "CantidadeNCFAnulados") content.cantidad = value;
  if (name === "FechaHoraAnulacioneNCF") content.fechaHora = value;
}

function assignBlock(block: AnecfBlock, name: string, value: string): void {
  if (name === "NoLinea") block.noLinea = value;
  if (name === "TipoeCF") block.tipoeCF = value;
  if (name === "CantidadeNCFAnulados") block.cantidad = value;
}
