"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { format, formatNumber } from "@/lib/i18n";
import { requirePortalAuth } from "@/lib/server/auth/next-auth-options";
import { importErpFile } from "@/lib/server/documents/import-erp-file";

import { erpFileProblemMessage, erpRowErrorLine } from "../erp-import-messages";
import { getPortalPreferences } from "../preferences";
import { dictionary, failure } from "./action-result";

export type ErpImportActionResult =
  { ok: true; message: string } | { ok: false; message: string; errors?: string[] };

/**
 * The documents page's import of an ERP's CSV/XLSX (documents.import): the file and the column
 * mapping chosen in the preview; read, mapped and checked again on the server, imported whole or not at
 * all through the import endpoint's use case.
 */
export async function importErpFileAction(formData: FormData): Promise<ErpImportActionResult> {
  const auth = await requirePortalAuth("action importErpFileAction");
  const { environment, locale } = await getPortalPreferences();
  const t = (await dictionary()).erpImport;
  const file = formData.get("file");
  if (!(file instanceof File)) return { ok: false, message: erpFileProblemMessage(t, "empty", locale) };
  let mapping: unknown;
  try {
    mapping = JSON.parse(String(formData.get("mapping") ?? "{}"));
  } catch {
    mapping = {};
  }
  try {
    const outcome = await importErpFile({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      fileName: file.name,
      bytes: await file.arrayBuffer(),
      mapping: mapping && typeof mapping === "object" ? mapping : {},
    });
    if (outcome.kind === "file") {
      return { ok: false, message: erpFileProblemMessage(t, outcome.problem, locale, outcome.rows) };
    }
    if (outcome.kind === "rows") {
      return {
        ok: false,
        message: format(outcome.errors.length === 1 ? t.errorsTitle.one : t.errorsTitle.other, {
          count: formatNumber(outcome.errors.length, locale),
        }),
        errors: outcome.errors.map((error) => erpRowErrorLine(t, error)),
      };
    }
    revalidatePath("/documents");
    return {
      ok: true,
      message: format(t.imported, {
        total: formatNumber(outcome.total, locale),
        created: formatNumber(outcome.created, locale),
        updated: formatNumber(outcome.updated, locale),
      }),
    };
  } catch (error) {
    return failure(error);
  }
}
