import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { deadlinesOf, type DocumentDeadline } from "@/lib/server/contingency";
import { findDocumentPage, type DocumentPageData } from "@/lib/server/documents";
import { listDocumentDecisions, type DocumentDecision } from "@/lib/server/issuing";
import { deliveriesOfEvents, type WebhookDeliveryView } from "@/lib/server/webhooks";

import { authorityMessages } from "./document-view";

/** One of DGII's answers kept on a document, as its page shows it. */
export interface AnswerView {
  /** Which exchange it came from (taxauthResponse's `fuente`), or "other" for a submission or query answer without one. */
  source:
    | "recepcion"
    | "recepcionfc"
    | "consultatrackids"
    | "consultarfce"
    | "consultaresultado"
    | "persona"
    | "other";
  estado: string | null;
  trackId: string | null;
  codigo: string | null;
  fechaRecepcion: string | null;
  secuenciaUtilizada: boolean | null;
  messages: string[];
  /** The answer as stored, for whoever needs every field. */
  raw: string;
}

export interface DocumentPageView {
  document: DocumentPageData;
  answers: AnswerView[];
  decisions: DocumentDecision[];
  /** Each event's webhook deliveries, by event id. */
  deliveries: Map<string, Array<WebhookDeliveryView & { endpointUrl: string }>>;
  /** Signed here and not yet received by DGII: its age and deadline; null otherwise. */
  deadline: DocumentDeadline | null;
}

/** A document's page: the document, DGII's answers in words, people's decisions, the events and their deliveries. */
export async function loadDocumentPage(
  accountId: string,
  environment: Environment,
  ncf: string,
): Promise<DocumentPageView | null> {
  const document = await findDocumentPage(accountId, environment, ncf);
  if (!document) return null;
  const [decisions, deliveries, deadlines] = await Promise.all([
    listDocumentDecisions(accountId, document.id),
    deliveriesOfEvents(
      accountId,
      document.events.map((event) => event.id),
    ),
    deadlinesOf(accountId, environment, [{ ...document, signedAt: document.issuedAt ?? document.createdAt }]),
  ]);
  const byEvent = new Map<string, Array<WebhookDeliveryView & { endpointUrl: string }>>();
  for (const delivery of deliveries)
    byEvent.set(delivery.eventId, [...(byEvent.get(delivery.eventId) ?? []), delivery]);
  return {
    document,
    answers: document.answers.map(answerView),
    decisions,
    deliveries: byEvent,
    deadline: deadlines[document.ncf] ?? null,
  };
}

const SOURCES = new Set<AnswerView["source"]>([
  "recepcion",
  "recepcionfc",
  "consultatrackids",
  "consultarfce",
  "consultaresultado",
  "persona",
]);

/** An answer string read for people; one that is not JSON is kept whole as its message. */
export function answerView(entry: string): AnswerView {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(entry);
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      parsed = value as Record<string, unknown>;
  } catch {
    // authorityMessages keeps the text as the message.
  }
  const text = (key: string) => {
    const value = parsed[key];
    return typeof value === "string" && value.trim() !== ""
      ? value
      : typeof value === "number"
        ? String(value)
        : null;
  };
  const fuente = text("fuente");
  const used = parsed.secuenciaUtilizada;
  return {
    source:
      fuente !== null && SOURCES.has(fuente as AnswerView["source"])
        ? (fuente as AnswerView["source"])
        : "other",
    estado: text("estado"),
    trackId: text("trackId"),
    codigo: text("codigo"),
    fechaRecepcion: text("fechaRecepcion"),
    secuenciaUtilizada: typeof used === "boolean" ? used : null,
    messages: authorityMessages([entry]),
    raw: entry,
  };
}
