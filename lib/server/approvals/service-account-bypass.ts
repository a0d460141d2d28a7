import "server-only";

import { AppError } from "@/lib/errors";
import { actorOf, recordActivity } from "@/lib/server/platform/activity/record-activity";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { requirePermission } from "@/lib/server/auth";
import { getDb } from "@/lib/server/platform/db";

/**
 * Grants or revokes a service account's "send without approval" (ServiceAccount.sendWithoutApproval):
 * its voids then skip the company's approval policy. Administrators only ("serviceAccounts.manage");
 * logged as "service_account.approval_bypass_granted" / "…_revoked" in the same transaction (only
 * when it changes). 404 NOT_FOUND for a service account of another company.
 */
export async function setServiceAccountSendWithoutApproval(
  auth: AuthContext,
  serviceAccountId: string,
  enabled: boolean,
  options: { ip?: string | null; now?: number } = {},
): Promise<void> {
  requirePermission(auth, "serviceAccounts.manage");
  const db = await getDb();
  const now = BigInt(options.now ?? Date.now());
  await db.$transaction(async (tx) => {
    const row = await tx.serviceAccount.findFirst({
      where: { id: serviceAccountId, accountId: auth.accountId },
      select: { id: true, name: true, clientId: true, sendWithoutApproval: true },
    });
    if (!row) throw new AppError("NOT_FOUND", "La cuenta de servicio no existe.");
    if (row.sendWithoutApproval === enabled) return;
    await tx.serviceAccount.update({
      where: { id: row.id },
      data: { sendWithoutApproval: enabled, updatedAt: now },
    });
    await recordActivity(tx, {
      accountId: auth.accountId,
      organizationId: auth.organizationId,
      action: enabled ? "service_account.approval_bypass_granted" : "service_account.approval_bypass_revoked",
      actor: actorOf(auth),
      subject: { type: "service-account", id: row.id },
      details: { name: row.name, clientId: row.clientId },
      ip: options.ip ?? null,
    });
  });
}
