"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment } from "@/lib/domain/environments";
import { isAppError } from "@/lib/errors";
import { format } from "@/lib/i18n";
import { certificateUploadSchema } from "@/lib/schemas/certificate-upload";
import { portalBy } from "@/lib/server/platform/activity/request-ip";
import { createApiKey, revokeApiKey } from "@/lib/server/auth";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { setIssuerCertification } from "@/lib/server/issuing";
import {
  holderConfirmationOf,
  linkCertificate,
  listCertificates,
  uploadCertificate,
} from "@/lib/server/certificates";

import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

export type { ActionResult };

/**
 * The upload's answer. `confirmHolder`: the certificate is another holder's than the company's RNC;
 * nothing was stored, and the form asks the user to confirm (sending `confirmedHolder` = `holder`).
 */
export type UploadCertificateResult =
  | ActionResult
  | { ok: false; message: string; confirmHolder: { holder: string; subject: string; rnc: string } };

export async function uploadCertificateAction(formData: FormData): Promise<UploadCertificateResult> {
  const auth = await requirePortalAuth("action uploadCertificateAction");
  const t = await dictionary();
  const c = t.settings.certificate;
  const parsed = certificateUploadSchema(c).safeParse({
    file: formData.get("file"),
    password: formData.get("password"),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? t.errors.generic };
  const confirmedHolder = formData.get("confirmedHolder");
  try {
    const bytes = new Uint8Array(await parsed.data.file.arrayBuffer());
    const summary = await uploadCertificate(auth.accountId, bytes, parsed.data.password, {
      createdBy: auth.userId,
      confirmedHolder: typeof confirmedHolder === "string" ? confirmedHolder : undefined,
      by: await portalBy(auth),
    });
    revalidatePath("/settings");
    return { ok: true, message: format(c.uploaded, { subject: summary.subject }) };
  } catch (error) {
    if (isAppError(error) && error.code === "CERTIFICATE_HOLDER_MISMATCH") {
      const extra = error.extra as { holderId: string | null; subject: string; rnc: string };
      const holder = extra.holderId ? format(c.holderId, { id: extra.holderId }) : c.holderUnknown;
      return {
        ok: false,
        message: format(c.holderMismatch, { subject: extra.subject, holder, rnc: extra.rnc }),
        confirmHolder: {
          holder: holderConfirmationOf(extra.holderId),
          subject: extra.subject,
          rnc: extra.rnc,
        },
      };
    }
    return knownProblemResult(error);
  }
}

export type CreateApiKeyResult = { ok: true; key: string; name: string } | { ok: false; message: string };

/**
 * `environment`: the one environment the key will work in, or "" (the default) for all three. It
 * comes from the browser, so anything else is refused rather than read as "all".
 */
export async function createApiKeyAction(name: string, environment = ""): Promise<CreateApiKeyResult> {
  const auth = await requirePortalAuth("action createApiKeyAction");
  const t = await dictionary();
  const trimmed = String(name).trim().slice(0, 100);
  if (trimmed === "") return { ok: false, message: t.settings.apiKeys.nameRequired };
  if (environment !== "" && !isEnvironment(environment)) {
    return { ok: false, message: t.settings.apiKeys.environmentInvalid };
  }
  const created = await createApiKey(auth.accountId, trimmed, {
    createdBy: auth.userId,
    environment: environment === "" ? null : environment,
    by: await portalBy(auth),
  });
  revalidatePath("/settings/api-keys");
  return { ok: true, key: created.key, name: trimmed };
}

export async function revokeApiKeyAction(id: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action revokeApiKeyAction");
  try {
    await revokeApiKey(auth.accountId, id, await portalBy(auth));
    revalidatePath("/settings/api-keys");
    return { ok: true, message: "" };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/**
 * Makes a certificate of the organization (uploaded for another of its companies, e.g. a delegated
 * signer's) the active one of the caller's company. linkCertificate refuses one of another
 * organization (NOT_FOUND) or an expired one.
 */
export async function linkCertificateAction(certificateId: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action linkCertificateAction");
  const t = await dictionary();
  try {
    await linkCertificate(auth.accountId, String(certificateId), await portalBy(auth));
    const linked = (await listCertificates(auth.accountId)).find((one) => one.id === certificateId);
    revalidatePath("/settings");
    return {
      ok: true,
      message: format(t.settings.sharedCertificates.linked, { subject: linked?.subject ?? "" }),
    };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/**
 * Records (certified true) or withdraws DGII's certification of the session's company as an
 * electronic issuer: what lets it issue in eCF. Administrators only (issuer.certify).
 */
export async function recordIssuerCertificationAction(certified: boolean): Promise<ActionResult> {
  const auth = await requirePortalAuth("action recordIssuerCertificationAction");
  const t = await dictionary();
  try {
    await setIssuerCertification(
      auth.accountId,
      certified === true ? { at: Date.now(), by: auth.email } : null,
    );
    revalidatePath("/settings");
    const words = t.settings.issuerCertification;
    return { ok: true, message: certified === true ? words.recorded : words.withdrawn };
  } catch (error) {
    return knownProblemResult(error);
  }
}
