import type { Metadata } from "next";
import { pageTitle } from "@/lib/portal/page-title";
import { UsersPanel } from "@/components/settings/users-panel";
import { Card } from "@/components/ui/card";
import { formatFechaHora } from "@/lib/domain/fecha";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { listCompanyMembers, listOrganizationMembers } from "@/lib/server/accounts";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.settings.tabs.users);
}

export default async function UsersPage() {
  const auth = await requirePageAuth();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "users.manage")) return null;
  const { t } = await getI18n();
  const [members, organizationMembers] = await Promise.all([
    listCompanyMembers(auth.accountId),
    listOrganizationMembers(auth.organizationId),
  ]);
  const homeHere = new Set(
    organizationMembers.filter((member) => member.homeHere).map((member) => member.id),
  );
  return (
    <Card title={t.settings.users.title}>
      <UsersPanel
        canEdit={mayTake(auth, "users.manage")}
        canDisable={mayTake(auth, "organization.manage")}
        t={t.settings.users}
        roleLabels={t.common.role}
        users={members.map((user) => ({
          id: user.id,
          email: user.email,
          name: user.name ?? "",
          roles: user.roles,
          disabled: user.disabled,
          lastLogin: user.lastLoginAt === null ? t.common.none : formatFechaHora(user.lastLoginAt),
          isSelf: user.id === auth.userId,
          homeHere: homeHere.has(user.id),
        }))}
      />
    </Card>
  );
}
