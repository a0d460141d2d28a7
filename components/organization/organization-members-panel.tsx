"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { format, type Dictionary } from "@/lib/i18n";
import { setUserDisabledAction } from "@/lib/portal/actions/member-actions";
import {
  endMemberSessionsAction,
  removeOrganizationMemberAction,
  resetMemberPasswordAction,
  resetMemberSecondFactorAction,
  setOrganizationAdminAction,
} from "@/lib/portal/actions/organization-actions";

export interface OrganizationMemberRow {
  id: string;
  email: string;
  name: string;
  disabled: boolean;
  mustChangePassword: boolean;
  secondFactor: boolean;
  organizationAdmin: boolean;
  /** Their home organization is this one: its administrators may act on their credentials. */
  homeHere: boolean;
  isSelf: boolean;
}

type Notice = { ok: boolean; message: string; temporaryPassword?: string; email?: string } | null;

/**
 * The organization's members. For every member: name or un-name an organization administrator and
 * remove them from the organization (after a confirmation), never leaving it without an
 * administrator. For those whose home organization it is: reset password (a temporary one shown
 * once), remove the second factor, end their sessions, disable or enable. Never on oneself (Mi
 * cuenta is for that), never on someone whose home organization is another.
 */
export function OrganizationMembersPanel({
  members,
  t,
}: {
  members: OrganizationMemberRow[];
  t: Dictionary["organization"]["members"];
}) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, startTransition] = useTransition();
  const [removing, setRemoving] = useState<string | null>(null);
  const administrators = members.filter((member) => member.organizationAdmin).length;

  function run(member: OrganizationMemberRow, action: () => Promise<Notice & object>) {
    startTransition(async () => {
      const answer = await action();
      setNotice(
        answer.ok && !answer.temporaryPassword
          ? { ok: true, message: format(t.done, { email: member.email }) }
          : { ...answer, email: member.email },
      );
      router.refresh();
    });
  }

  return (
    <div className="stack">
      {notice ? (
        <Banner tone={notice.ok ? "success" : "danger"} role="alert" testId="members-result">
          {notice.temporaryPassword ? (
            <p>
              {format(t.temporaryPassword, { email: notice.email ?? "" })}{" "}
              <code className="mono" data-testid="member-temporary-password">
                {notice.temporaryPassword}
              </code>
            </p>
          ) : (
            <p>{notice.message}</p>
          )}
        </Banner>
      ) : null}
      <Table caption={t.title} data-testid="organization-members">
        <thead>
          <tr>
            <th scope="col">{t.email}</th>
            <th scope="col">{t.state}</th>
            <th scope="col">{t.secondFactor}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id} data-email={member.email}>
              <td>
                {member.email} {member.name ? <span className="muted">{member.name}</span> : null}
                {member.organizationAdmin ? <div className="muted">{t.organizationAdmin}</div> : null}
                {member.isSelf ? <div className="muted">{t.you}</div> : null}
                {member.homeHere ? null : <div className="muted">{t.homeElsewhere}</div>}
              </td>
              <td>
                <Badge tone={member.disabled ? "neutral" : "success"}>
                  {member.disabled ? t.disabled : t.enabled}
                </Badge>{" "}
                {member.mustChangePassword ? <Badge tone="warning">{t.mustChange}</Badge> : null}
              </td>
              <td>{member.secondFactor ? t.yes : t.no}</td>
              <td>
                {member.organizationAdmin && administrators === 1 ? (
                  <p className="muted">{t.lastAdmin}</p>
                ) : (
                  <div className="row">
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      aria-label={`${member.organizationAdmin ? t.unmakeAdmin : t.makeAdmin}: ${member.email}`}
                      onClick={() =>
                        run(member, () => setOrganizationAdminAction(member.id, !member.organizationAdmin))
                      }
                    >
                      {member.organizationAdmin ? t.unmakeAdmin : t.makeAdmin}
                    </Button>
                    {removing === member.id ? (
                      <>
                        <Button
                          variant="danger"
                          size="small"
                          disabled={pending}
                          data-testid="confirm-remove-member"
                          onClick={() => {
                            setRemoving(null);
                            run(member, () => removeOrganizationMemberAction(member.id));
                          }}
                        >
                          {format(t.confirmRemove, { email: member.email })}
                        </Button>
                        <Button variant="secondary" size="small" onClick={() => setRemoving(null)}>
                          {t.cancel}
                        </Button>
                      </>
                    ) : (
                      <Button
                        variant="danger"
                        size="small"
                        disabled={pending}
                        aria-label={`${t.remove}: ${member.email}`}
                        onClick={() => setRemoving(member.id)}
                      >
                        {t.remove}
                      </Button>
                    )}
                  </div>
                )}
                {member.homeHere && !member.isSelf ? (
                  <div className="row">
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      aria-label={`${t.resetPassword}: ${member.email}`}
                      onClick={() => run(member, () => resetMemberPasswordAction(member.id))}
                    >
                      {t.resetPassword}
                    </Button>
                    {member.secondFactor ? (
                      <Button
                        variant="secondary"
                        size="small"
                        disabled={pending}
                        aria-label={`${t.resetSecondFactor}: ${member.email}`}
                        onClick={() => run(member, () => resetMemberSecondFactorAction(member.id))}
                      >
                        {t.resetSecondFactor}
                      </Button>
                    ) : null}
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      aria-label={`${t.signOut}: ${member.email}`}
                      onClick={() => run(member, () => endMemberSessionsAction(member.id))}
                    >
                      {t.signOut}
                    </Button>
                    <Button
                      variant={member.disabled ? "secondary" : "danger"}
                      size="small"
                      disabled={pending}
                      aria-label={`${member.disabled ? t.enable : t.disable}: ${member.email}`}
                      onClick={() => run(member, () => setUserDisabledAction(member.id, !member.disabled))}
                    >
                      {member.disabled ? t.enable : t.disable}
                    </Button>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
