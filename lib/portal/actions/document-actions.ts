"use server";

import "server-only";

import { isAppError } from "@/lib/errors";
import { format, getDictionary } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { BATCH_MAX_ECFS } from "@/lib/schemas/documents-batch";
import { requirePortalAuth } from "@/lib/server/auth/next-auth-options";

import { lookupDocuments, uniqueEntries, type LookupResult } from "../document-lookup";
import { splitEncfList } from "../document-view";
import { getPortalPreferences } from "../preferences";

export interface BatchLookupState {
  /** The pasted text, given back so the form keeps it (React resets a form after its action). */
  text?: string;
  error?: string;
  environment?: string;
  results?: LookupResult[];
  /** Repeated entries left out (each e-NCF is answered once). */
  duplicates?: number;
}

/** Batch lookup (up to 100 pasted e-NCF) through the batch endpoint's own use case. */
export async function lookupDocumentsBatchAction(
  _previous: BatchLookupState,
  formData: FormData,
): Promise<BatchLookupState> {
  const auth = await requirePortalAuth("action lookupDocumentsBatchAction");
  const { environment, locale } = await getPortalPreferences();
  const t = getDictionary(locale).documents;
  const text = String(formData.get("ecfs") ?? "").slice(0, 20_000);
  const { ecfs, duplicates } = uniqueEntries(splitEncfList(text));
  if (ecfs.length === 0) return { text, error: t.emptyBatch };
  if (ecfs.length > BATCH_MAX_ECFS) return { text, error: format(t.tooMany, { count: ecfs.length }) };
  try {
    return {
      text,
      environment,
      duplicates,
      results: await lookupDocuments(auth.accountId, environment, ecfs, locale),
    };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { text, error: errorMessage(error, locale) };
    throw error;
  }
}
