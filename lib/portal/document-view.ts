import type { DocumentBatchData, DocumentRecord } from "@/lib/schemas/documents-query";

/** What the document lookup shows of a document, from either the single or the batch shape. */
export interface DocumentView {
  ncf: string;
  status: string;
  documentType: string | null;
  buyerRnc: string | null;
  invoiceTotal: number | null;
  createdAt: number;
  updateAt: number;
  securityCode: string | null;
  fileName: string | null;
  customerReceived: string | null;
  qrUrl: string | null;
  /** The authority's messages in words (mensajes[].valor, or the submission's mensaje/error). */
  messages: string[];
}

/**
 * Human messages out of the JSON-encoded taxauthResponse entries. An entry that is not JSON is
 * shown as it is: losing an authority message would hide why a document was rejected.
 */
export function authorityMessages(taxauthResponse: readonly string[]): string[] {
  const messages: string[] = [];
  for (const entry of taxauthResponse) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(entry);
    } catch {
      messages.push(entry);
      continue;
    }
    if (typeof parsed !== "object" || parsed === null) continue;
    const response = parsed as { mensajes?: unknown; mensaje?: unknown; error?: unknown };
    if (Array.isArray(response.mensajes)) {
      for (const mensaje of response.mensajes) {
        const valor = (mensaje as { valor?: unknown } | null)?.valor;
        if (typeof valor === "string" && valor.trim() !== "") messages.push(valor);
      }
    }
    for (const text of [response.mensaje, response.error]) {
      if (typeof text === "string" && text.trim() !== "") messages.push(text);
    }
  }
  return messages;
}

export function fromDocumentRecord(record: DocumentRecord): DocumentView {
  return {
    ncf: record.ncf,
    status: record.status,
    documentType: record.documentType,
    buyerRnc: null,
    invoiceTotal: null,
    createdAt: record.createdAt,
    updateAt: record.updateAt,
    securityCode: record.securityCode,
    fileName: record.fileName,
    customerReceived: record.customerReceived,
    qrUrl: record.qr_url,
    messages: authorityMessages(record.taxauthResponse),
  };
}

export function fromBatchData(data: DocumentBatchData): DocumentView {
  return {
    ncf: data.ncf,
    status: data.status,
    documentType: data.documentType ?? null,
    buyerRnc: data.buyerRnc ?? null,
    invoiceTotal: data.invoiceTotal ?? null,
    createdAt: data.createdAt,
    updateAt: data.updateAt,
    securityCode: data.securityCode ?? null,
    fileName: data.fileName ?? null,
    customerReceived: data.customerReceived ?? null,
    qrUrl: data.qr_url ?? null,
    messages: authorityMessages(data.taxauthResponse),
  };
}

/** The pasted list of e-NCF: one per line, or separated by tabs, commas, semicolons or spaces. */
export function splitEncfList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim().toUpperCase())
    .filter((entry) => entry !== "");
}

/** "Sí"/"No" for DGII's 1/0 "received by the customer" flag; any other value as it came. */
export function receivedLabel(value: string | null, words: { yes: string; no: string }): string | null {
  if (value === "1" || value === "true") return words.yes;
  if (value === "0" || value === "false") return words.no;
  return value;
}
