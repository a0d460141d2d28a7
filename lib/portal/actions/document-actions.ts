"use server";

import "server-only";

import { AppError, isAppError } from "@/lib/errors";
import { format, getDictionary } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { BATCH_MAX_ECFS } from "@/lib/schemas/documents-batch";
import { documentRecheckSchema, type DocumentRecheckInput } from "@/lib/schemas/documents-recheck";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { forgetAbsent } from "@/lib/server/documents";

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
      results: await lookupDocuments(auth.accountId, environment, ecfs, locale, { rnc: auth.rnc }),
    };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { text, error: errorMessage(error, locale) };
    throw error;
  }
}

export type RecheckResult = { ok: true; result: LookupResult } | { ok: false; message: string };

/**
 * "Consultar de nuevo en la DGII" on a looked-up or not-found entry: forgets DGII's remembered
 * "absent" for the number (the clerk knows it was just sent) and runs the lookup again, for the
 * session's company (its account and RNC) in the portal's environment only.
 */
export async function recheckDocumentAction(input: DocumentRecheckInput): Promise<RecheckResult> {
  const auth = await requirePortalAuth("action recheckDocumentAction");
  const { environment, locale } = await getPortalPreferences();
  try {
    const parsed = documentRecheckSchema.safeParse(input);
    if (!parsed.success) throw new AppError("INVALID_ECF", parsed.error.issues[0]!.message);
    const { ecf } = parsed.data;
    await forgetAbsent({ accountId: auth.accountId, environment, ncf: ecf });
    const [result] = await lookupDocuments(auth.accountId, environment, [ecf], locale, { rnc: auth.rnc });
    return { ok: true, result: result! };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, message: errorMessage(error, locale) };
    throw error;
  }
}
