import { z } from "zod";

import { DOCUMENT_STATUSES } from "@/lib/domain/dgii-submissions";
import { normalizeDay } from "@/lib/domain/fecha";
import { ECF_TYPE_CODES } from "@/lib/domain/ecf-types";
import { isValidRnc } from "@/lib/domain/rnc";

import { DOCUMENT_SOURCES, type DocumentSource } from "./documents-query";

/**
 * The portal's list of the company's e-CF ("Documentos"): its filters as they travel in the URL
 * (shareable), one schema for the page and its CSV and XLSX export. Days are whole days in Santo
 * Domingo (yyyy-MM-dd, an <input type="date"> value).
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use una fecha válida, dd-mm-aaaa.")
  .describe("A day in Santo Domingo, yyyy-MM-dd");

export const documentListFiltersSchema = z.strictObject({
  tipo: z.enum(ECF_TYPE_CODES).optional().describe("The e-CF type (31…47)"),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  source: z.enum(DOCUMENT_SOURCES).optional().describe("issued here, imported, or learned from DGII"),
  from: day.optional().describe("First day included (the document's date in Anula)"),
  to: day.optional().describe("Last day included"),
  buyer: z
    .string()
    .refine(isValidRnc, "El RNC o la cédula del comprador tiene 9 u 11 dígitos.")
    .optional()
    .describe("The buyer's RNC (9 digits) or cédula (11)"),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional()
    .describe("The page after this position (the list's own token)"),
});
export type DocumentListFilters = z.infer<typeof documentListFiltersSchema>;

/** The URL parameters a filter form sends: empty fields are no filter. */
export function documentListFiltersOf(params: Record<string, string | string[] | undefined>): unknown {
  const entries: Record<string, string> = {};
  for (const key of Object.keys(documentListFiltersSchema.shape)) {
    const raw = params[key];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!value) continue;
    // Days are typed dd-mm-aaaa in the filter form (links may carry yyyy-MM-dd): the schema reads the latter.
    entries[key] =
      key === "tipo"
        ? value.replace(/^E/i, "")
        : key === "from" || key === "to"
          ? normalizeDay(value)!
          : value;
  }
  return entries;
}

/** The URL query of these filters (without the cursor unless given), for links and the export. */
export function documentListQuery(filters: DocumentListFilters, cursor?: string): string {
  const query = new URLSearchParams();
  for (const key of ["tipo", "status", "source", "from", "to", "buyer"] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  if (cursor) query.set("cursor", cursor);
  return query.toString();
}

/** One row of the company's document list: what a clerk scans, never the signed XML. */
export interface DocumentListItem {
  ncf: string;
  source: DocumentSource;
  /** The e-CF type, from the e-NCF (E31… → "31"). */
  tipo: string;
  buyerRnc: string | null;
  invoiceTotal: number | null;
  status: string;
  /** When Anula holds it from (issued, imported or looked up), epoch ms. */
  createdAt: number;
  /** When Anula learned DGII's verdict (the last change of a final status), epoch ms; null before it. */
  verdictAt: number | null;
  /** An e-CF issued here that waits for a person ("Por confirmar"). */
  inReview: boolean;
}

export interface DocumentListPage {
  items: DocumentListItem[];
  /** The next page's cursor (the filters' `cursor`), absent on the last page. */
  nextCursor?: string;
}
