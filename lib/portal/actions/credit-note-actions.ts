"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isAppError } from "@/lib/errors";
import { format } from "@/lib/i18n";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import {
  issueCreditNote,
  prepareCreditNote,
  removePortalRange,
  reservePortalRange,
} from "@/lib/server/credit-notes";
import { byOf } from "@/lib/server/platform/activity/record-activity";

import { getPortalPreferences } from "../preferences";
import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

/** What the clerk reviews before confirming: the prepared note in plain fields and its unsigned XML. */
export interface CreditNotePreview {
  noteEncf: string;
  originalEncf: string;
  buyer: string | null;
  fechaOriginal: string | null;
  codigoModificacion: number;
  indicadorNotaCredito: 0 | 1;
  total: string;
  itbis: string;
  reason: string;
  basis: "copy" | "copy-without-itbis" | "balance";
  xml: string;
}

/** A refusal, and whether it is the missing or used-up E34 sub-range (the tool links to the setting). */
export type CreditNoteFailure = { ok: false; message: string; range?: boolean };
const RANGE_CODES = new Set(["CREDIT_NOTE_RANGE_MISSING", "CREDIT_NOTE_RANGE_EXHAUSTED"]);

export async function reserveCreditNoteRangeAction(body: Record<string, string>): Promise<ActionResult> {
  const auth = await requirePortalAuth("action reserveCreditNoteRangeAction");
  const { environment } = await getPortalPreferences();
  const t = (await dictionary()).creditNote.range;
  try {
    const range = await reservePortalRange({
      accountId: auth.accountId,
      environment,
      body: {
        secuenciaDesde: String(body?.secuenciaDesde ?? ""),
        secuenciaHasta: String(body?.secuenciaHasta ?? ""),
      },
      by: byOf(auth),
      createdBy: auth.email,
    });
    revalidatePath("/sequences");
    return { ok: true, message: format(t.saved, { from: range.secuenciaDesde, to: range.secuenciaHasta }) };
  } catch (error) {
    return knownProblemResult(error);
  }
}

export async function removeCreditNoteRangeAction(id: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action removeCreditNoteRangeAction");
  const { environment } = await getPortalPreferences();
  const t = (await dictionary()).creditNote.range;
  try {
    await removePortalRange({ accountId: auth.accountId, environment, id: String(id), by: byOf(auth) });
    revalidatePath("/sequences");
    return { ok: true, message: t.removed };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** The note prepared for review: nothing signed, stored or sent, no number taken. */
export async function prepareCreditNoteAction(
  encf: string,
  reason: string,
): Promise<{ ok: true; preview: CreditNotePreview } | CreditNoteFailure> {
  const auth = await requirePortalAuth("action prepareCreditNoteAction");
  const { environment } = await getPortalPreferences();
  try {
    const prepared = await prepareCreditNote({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      body: { encf: String(encf ?? ""), reason: String(reason ?? "") },
    });
    return {
      ok: true,
      preview: {
        noteEncf: prepared.noteEncf,
        originalEncf: prepared.original.encf,
        buyer: prepared.original.buyer,
        fechaOriginal: prepared.original.fechaEmision,
        codigoModificacion: prepared.fields.CodigoModificacion,
        indicadorNotaCredito: prepared.fields.IndicadorNotaCredito ?? 0,
        total: prepared.total,
        itbis: prepared.itbis,
        reason: prepared.reason,
        basis: prepared.basis,
        xml: prepared.xml,
      },
    };
  } catch (error) {
    return refusal(error);
  }
}

/** The confirmation: the note issued with the sub-range's next free number; the clerk goes to its page. */
export async function issueCreditNoteAction(
  encf: string,
  reason: string,
): Promise<{ ok: true; ecf: string; href: string } | CreditNoteFailure> {
  const auth = await requirePortalAuth("action issueCreditNoteAction");
  const { environment } = await getPortalPreferences();
  try {
    const issued = await issueCreditNote({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      body: { encf: String(encf ?? ""), reason: String(reason ?? "") },
    });
    revalidatePath("/documents");
    return { ok: true, ecf: issued.ecf, href: `/documents/${issued.ecf}` };
  } catch (error) {
    return refusal(error);
  }
}

async function refusal(error: unknown): Promise<CreditNoteFailure> {
  const { message } = await knownProblemResult(error);
  return { ok: false, message, ...(isAppError(error) && RANGE_CODES.has(error.code) ? { range: true } : {}) };
}
