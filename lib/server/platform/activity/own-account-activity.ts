import "server-only";

import { getDb } from "@/lib/server/platform/db";

import { recordActivity } from "./record-activity";
import { requestIp } from "./request-ip";

export type OwnAccountAction =
  | "user.password_changed"
  | "user.second_factor_enabled"
  | "user.second_factor_disabled"
  | "user.sessions_ended"
  | "user.recovery_codes_regenerated";

/**
 * A person's change to their own credentials ("Mi cuenta"), in their home organization's log (the
 * administrators who manage those credentials): organization-level, the person as actor and subject.
 */
export async function recordOwnAccountChange(userId: string, action: OwnAccountAction): Promise<void> {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, homeOrganizationId: true },
  });
  if (!user) return;
  await recordActivity(db, {
    accountId: null,
    organizationId: user.homeOrganizationId,
    action,
    actor: { type: "user", id: userId, label: user.email },
    subject: { type: "user", id: userId },
    details: { own: true },
    ip: await requestIp(),
  });
}
