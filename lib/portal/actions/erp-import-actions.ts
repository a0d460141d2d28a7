"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { formatFechaHora, typedInstantOf } from "@/lib/domain/fecha";
import { format, formatNumber } from "@/lib/i18n";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { importErpFile } from "@/lib/server/documents/import-erp-file";

import { erpFileProblemMessage, erpImportedMessage, erpRowErrorLine } from "../erp-import-messages";
import { getPortalPreferences } from "../preferences";
import { dictionary, knownProblemResult } from "./action-result";

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
  // "Todo lo emitido hasta …": dd-mm-aaaa hh:mm (24 h) in Santo Domingo time (UTC−4, no DST), optional.
  const coverage = String(formData.get("coveredUntil") ?? "");
  let coveredUntil: number | undefined;
  if (coverage !== "") {
    const instant = typedInstantOf(coverage);
    if (instant === null) return { ok: false, message: t.coverageInvalid };
    coveredUntil = instant;
  }
  try {
    const outcome = await importErpFile({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      fileName: file.name,
      bytes: await file.arrayBuffer(),
      mapping: mapping && typeof mapping === "object" ? mapping : {},
      coveredUntil,
      createdBy: auth.email,
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
    const imported = erpImportedMessage(t, outcome, locale);
    return {
      ok: true,
      message:
        outcome.coverageMark === null
          ? imported
          : `${imported} ${format(t.coverageSet, { date: formatFechaHora(outcome.coverageMark) })}`,
    };
  } catch (error) {
    return knownProblemResult(error);
  }
}
