import { UsersPanel } from "@/components/settings/users-panel";
import { Card } from "@/components/ui/card";
import { formatFechaHora } from "@/lib/domain/fecha";
import { getI18n } from "@/lib/portal/i18n";
import { hasRole, requirePageAuth } from "@/lib/portal/page-auth";
import { listUsers } from "@/lib/server/accounts";

export const metadata = { title: "Anula · Usuarios" };

export default async function UsersPage() {
  const auth = await requirePageAuth();
  if (!hasRole(auth, "operator")) return null;
  const { t } = await getI18n();
  const users = await listUsers(auth.accountId);
  return (
    <Card title={t.settings.users.title}>
      <UsersPanel
        canEdit={hasRole(auth, "admin")}
        t={t.settings.users}
        roleLabels={t.common.role}
        users={users.map((user) => ({
          id: user.id,
          email: user.email,
          name: user.name ?? "",
          role: user.role,
          disabled: user.disabled,
          lastLogin: user.lastLoginAt === null ? t.common.none : formatFechaHora(user.lastLoginAt),
          isSelf: user.id === auth.userId,
        }))}
      />
    </Card>
  );
}
