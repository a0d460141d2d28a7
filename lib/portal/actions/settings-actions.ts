"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment } from "@/lib/domain/environments";
import { isAppError } from "@/lib/errors";
import { format, getDictionary } from "@/lib/i18n";
import { certificateUploadSchema } from "@/lib/schemas/certificate-upload";
import { createUser, setUserDisabled, setUserRole } from "@/lib/server/accounts";
import { createApiKey, revokeApiKey, type UserRole } from "@/lib/server/auth";
import { requirePortalAuth } from "@/lib/server/auth/next-auth-options";
import { uploadCertificate } from "@/lib/server/certificates";

import { getPortalPreferences } from "../preferences";

/** Every settings action answers with a message to show; only admins get this far. */
export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

async function dictionary() {
  return getDictionary((await getPortalPreferences()).locale);
}

/** Known problems (wrong password, expired certificate…) are shown as the lib words them. */
function failure(error: unknown): ActionResult {
  if (isAppError(error) && error.status < 500) return { ok: false, message: error.message };
  throw error;
}

export async function uploadCertificateAction(formData: FormData): Promise<ActionResult> {
  const auth = await requirePortalAuth("action uploadCertificateAction");
  const t = await dictionary();
  const parsed = certificateUploadSchema(t.settings.certificate).safeParse({
    file: formData.get("file"),
    password: formData.get("password"),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? t.errors.generic };
  try {
    const bytes = new Uint8Array(await parsed.data.file.arrayBuffer());
    const summary = await uploadCertificate(auth.accountId, bytes, parsed.data.password, {
      createdBy: auth.userId,
    });
    revalidatePath("/settings");
    return { ok: true, message: format(t.settings.certificate.uploaded, { subject: summary.subject }) };
  } catch (error) {
    return failure(error);
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
  });
  revalidatePath("/settings/api-keys");
  return { ok: true, key: created.key, name: trimmed };
}

export async function revokeApiKeyAction(id: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action revokeApiKeyAction");
  try {
    await revokeApiKey(auth.accountId, id);
    revalidatePath("/settings/api-keys");
    return { ok: true, message: "" };
  } catch (error) {
    return failure(error);
  }
}

const ROLES: readonly UserRole[] = ["admin", "operator", "viewer"];

function roleOf(value: unknown): UserRole | null {
  return ROLES.includes(value as UserRole) ? (value as UserRole) : null;
}

export async function createUserAction(formData: FormData): Promise<ActionResult> {
  const auth = await requirePortalAuth("action createUserAction");
  const t = await dictionary();
  const email = String(formData.get("email") ?? "").trim();
  const role = roleOf(formData.get("role"));
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return { ok: false, message: t.login.emailInvalid };
  if (!role) return { ok: false, message: t.errors.generic };
  try {
    await createUser({
      accountId: auth.accountId,
      email,
      password: String(formData.get("password") ?? ""),
      role,
      name: String(formData.get("name") ?? "").trim() || undefined,
    });
    revalidatePath("/settings/users");
    return { ok: true, message: format(t.settings.users.created, { email }) };
  } catch (error) {
    return failure(error);
  }
}

/** An admin cannot demote or disable themselves: the account must never lose its last way in. */
export async function setUserRoleAction(userId: string, role: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setUserRoleAction");
  const t = await dictionary();
  const next = roleOf(role);
  if (!next || userId === auth.userId) return { ok: false, message: t.errors.forbidden };
  try {
    await setUserRole(auth.accountId, userId, next);
    revalidatePath("/settings/users");
    return { ok: true, message: "" };
  } catch (error) {
    return failure(error);
  }
}

export async function setUserDisabledAction(userId: string, disabled: boolean): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setUserDisabledAction");
  const t = await dictionary();
  if (userId === auth.userId) return { ok: false, message: t.errors.forbidden };
  try {
    await setUserDisabled(auth.accountId, userId, disabled);
    revalidatePath("/settings/users");
    return { ok: true, message: "" };
  } catch (error) {
    return failure(error);
  }
}
