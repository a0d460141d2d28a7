import "server-only";

import { parseXmlStrict } from "@/lib/server/platform/signing/parse-xml-strict";
import type { TaxAuthVoidResponse } from "./types";

const ROOT = "respuestaanulacionrango";

/**
 * DGII's XML form of the anularrango answer (Descripción Técnica v1.6, p. 32):
 * `<RespuestaAnulacionRango><rnc/><codigo/><nombre/><mensajes>string</mensajes></RespuestaAnulacionRango>`.
 * DGII shows one `<mensajes>` and never says how several are written, so this reads them
 * tolerantly: element names in any case and with any namespace prefix; every `<mensajes>` element
 * (repeated, as the sample suggests); inside one, child elements as a list (`<string>`,
 * `<mensaje>`…, as .NET serializers write lists) or a `{ valor, codigo }` object as in DGII's
 * other XML answers. Text is trimmed (indentation is formatting). Null when the body is not such a
 * document, has no codigo, or declares a DOCTYPE (nothing to expand, nothing to fetch).
 */
export function parseVoidResponseXml(body: string): TaxAuthVoidResponse | null {
  const text = body.replace(/^\uFEFF/, "").trim();
  if (!text.startsWith("<") || /<!DOCTYPE/i.test(text)) return null;
  let root: Element;
  try {
    root = parseXmlStrict(text).documentElement;
  } catch {
    return null;
  }
  if (nameOf(root) !== ROOT) return null;
  const fields = new Map<string, Element>();
  const mensajes: string[] = [];
  for (const child of childElements(root)) {
    const name = nameOf(child);
    if (name === "mensajes") mensajes.push(...messagesOf(child));
    else if (!fields.has(name)) fields.set(name, child);
  }
  const codigo = textOf(fields.get("codigo"));
  if (codigo === "") return null;
  return { rnc: textOf(fields.get("rnc")), codigo, nombre: textOf(fields.get("nombre")), mensajes };
}

function messagesOf(element: Element): string[] {
  const children = childElements(element);
  if (children.length === 0) {
    const text = textOf(element);
    return text === "" ? [] : [text];
  }
  const valor = children.find((child) => nameOf(child) === "valor");
  if (valor) return [textOf(valor)];
  return children.flatMap(messagesOf);
}

function childElements(element: Element): Element[] {
  const elements: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) elements.push(node as Element);
  }
  return elements;
}

function nameOf(element: Element): string {
  return (element.localName ?? element.nodeName).toLowerCase();
}

function textOf(element: Element | undefined): string {
  return element?.textContent?.trim() ?? "";
}
