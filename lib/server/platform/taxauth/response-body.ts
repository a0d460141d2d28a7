import "server-only";

import { jsonPreview } from "@/lib/domain/shown-value";
import type { TaxAuthVoidResponse } from "./types";
import { parseVoidResponseXml } from "./void-answer-xml";

const MAX_REASON_LENGTH = 300;

/**
 * A readable one-line reason from whatever DGII (or a proxy in front of it) answered: a bare
 * string (possibly JSON-quoted), JSON with a message-like field, or an HTML error page.
 */
export function describeBody(status: number, body: string, contentType = ""): string {
  const text = body.trim();
  if (text === "") return `HTTP ${status} sin contenido`;
  const json = tryJson(text);
  if (typeof json === "string") return limit(`HTTP ${status}: ${json}`);
  if (json && typeof json === "object") return limit(`HTTP ${status}: ${messageOfJson(json) ?? text}`);
  if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(text)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
    const visible = text
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    return limit(`HTTP ${status} (HTML): ${title?.trim() || visible}`);
  }
  return limit(`HTTP ${status}: ${text}`);
}

/**
 * `{ rnc, codigo, nombre, mensajes }` when the body is JSON carrying a codigo (string or number)
 * or DGII's XML form `<RespuestaAnulacionRango>` (void-answer-xml.ts); null otherwise. mensajes
 * may come as strings or `{ valor, codigo }` objects. Keys are read in any case.
 */
export function parseVoidResponse(body: string): TaxAuthVoidResponse | null {
  const text = body.trim(); // trim() also drops a byte-order mark
  if (text.startsWith("<")) return parseVoidResponseXml(text);
  const json = tryJson(text);
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const fields = lowerCaseKeys(json as Record<string, unknown>);
  const codigo = fields.codigo;
  if ((typeof codigo !== "string" && typeof codigo !== "number") || String(codigo).trim() === "") return null;
  return {
    rnc: fields.rnc == null ? "" : String(fields.rnc),
    codigo: String(codigo).trim(),
    nombre: fields.nombre == null ? "" : String(fields.nombre),
    mensajes: normaliseMessages(fields.mensajes),
  };
}

export function normaliseMessages(value: unknown): string[] {
  if (value == null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    if (item && typeof item === "object") {
      const fields = lowerCaseKeys(item as Record<string, unknown>);
      return String(fields.valor ?? fields.mensaje ?? fields.message ?? jsonOf(item));
    }
    return String(item);
  });
}

/** An unreadable message object as JSON; one nested too deep for JSON.stringify as a preview. */
function jsonOf(item: object): string {
  try {
    return JSON.stringify(item);
  } catch {
    return jsonPreview(item, MAX_REASON_LENGTH);
  }
}

export function tryJson(text: string): unknown {
  if (!/^[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOfJson(json: object): string | undefined {
  const fields = lowerCaseKeys(json as Record<string, unknown>);
  for (const key of ["mensajes", "mensaje", "message", "errors", "title", "detail", "error"]) {
    const value = fields[key];
    if (value != null && value !== "") return normaliseMessages(value).join("; ");
  }
  return undefined;
}

function lowerCaseKeys(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
}

function limit(text: string): string {
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}
