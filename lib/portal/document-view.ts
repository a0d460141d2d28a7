import type { DocumentsBatchResult } from "@/lib/schemas/documents-batch";
import type {
  DocumentBatchData,
  DocumentDeadlineView,
  DocumentRecord,
  DocumentSource,
  LookupReason,
} from "@/lib/schemas/documents-query";

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
  /** Where Anula got it: imported, issued by Anula, or looked up at DGII. */
  source: DocumentSource;
  /** When DGII was last asked about it (epoch ms), null when never. */
  checkedAt: number | null;
  /**
   * Not final and due for a refresh, but DGII could not be asked (unavailable or in maintenance):
   * the status is the last one stored, and the clerk must be told so.
   */
  stale: boolean;
  /** Signed here and not yet received by DGII: its deadline (the REST field `deadline`). */
  deadline?: DocumentDeadlineView;
}

/**
 * What DGII said of an e-NCF the company does not hold: it lists no submission of it ("absent"), or
 * it gave no answer (or could not be asked) and why. Null when DGII was not asked at all.
 */
export type DgiiAnswer = { kind: "absent" } | { kind: "unanswered"; reason: LookupReason; message: string };

export function dgiiAnswerOf(
  result: Pick<DocumentsBatchResult<unknown>, "askedDgii" | "reason" | "message">,
): DgiiAnswer | null {
  if (result.reason) return { kind: "unanswered", reason: result.reason, message: result.message ?? "" };
  return result.askedDgii ? { kind: "absent" } : null;
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

/**
 * "Consultar de nuevo en la DGII" is offered on an entry DGII decides: a document Anula looked up
 * there, or one it does not hold. Never on an imported or issued document, nor on a malformed entry.
 */
export function mayAskDgiiAgain(
  result:
    { kind: "found"; document: Pick<DocumentView, "source"> } | { kind: "not-found" } | { kind: "malformed" },
): boolean {
  if (result.kind === "found") return result.document.source === "dgii";
  return result.kind === "not-found";
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
    source: record.source,
    checkedAt: record.checkedAt,
    stale: record.stale === true,
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
    source: data.source,
    checkedAt: data.checkedAt,
    stale: data.stale === true,
    ...(data.deadline ? { deadline: data.deadline } : {}),
  };
}

/** The pasted list of e-NCF: one per line, or separated by tabs, commas, semicolons or spaces. */
export function splitEncfList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim().toUpperCase())
    .filter((entry) => entry !== "");
}

/**
 * "Sí"/"No" for the buyer's receipt (acuse de recibo). The value is the Estado of DGII's ARECF, whose
 * XSD (ARECF v1.0, EstadoType) says 0 = "e-CF Recibido" and 1 = "e-CF No Recibido": so "0" is yes.
 * An integrator's boolean ("true"/"false") reads as itself; any other value is shown as it came.
 */
export function receivedLabel(value: string | null, words: { yes: string; no: string }): string | null {
  if (value === "0" || value === "true") return words.yes;
  if (value === "1" || value === "false") return words.no;
  return value;
}
