"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { COMPANY_ROLES, type CompanyRole } from "@/lib/domain/roles";
import type { Dictionary } from "@/lib/i18n";
import {
  inviteUserAction,
  setMemberRolesAction,
  setUserDisabledAction,
} from "@/lib/portal/actions/member-actions";

export interface UserRow {
  id: string;
  email: string;
  name: string;
  roles: CompanyRole[];
  disabled: boolean;
  lastLogin: string;
  isSelf: boolean;
  /** Their home organization is the one being administered: its administrators may disable them. */
  homeHere: boolean;
}

export interface UsersPanelProps {
  users: UserRow[];
  canEdit: boolean;
  /** Organization administrator: may disable members whose home organization this is. */
  canDisable: boolean;
  t: Dictionary["settings"]["users"];
  roleLabels: Dictionary["common"]["role"];
}

type Notice = { ok: boolean; message: string; temporaryPassword?: string } | null;

/** Members of the company with their roles (a set each), invitations; nobody locks themselves out. */
export function UsersPanel({ users, canEdit, canDisable, t, roleLabels }: UsersPanelProps) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, startTransition] = useTransition();

  function run(action: () => Promise<Notice & object>, after?: () => void) {
    startTransition(async () => {
      const answer = await action();
      setNotice(answer.ok && answer.message === "" ? null : answer);
      if (answer.ok) after?.();
      router.refresh();
    });
  }

  function toggleRole(user: UserRow, role: CompanyRole, on: boolean) {
    const roles = on ? [...user.roles, role] : user.roles.filter((held) => held !== role);
    run(() => setMemberRolesAction(user.id, roles));
  }

  function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (data.getAll("roles").length === 0) {
      setNotice({ ok: false, message: t.rolesRequired });
      return;
    }
    run(
      () => inviteUserAction(data),
      () => form.reset(),
    );
  }

  return (
    <div className="stack">
      {notice ? (
        <Banner tone={notice.ok ? "success" : "danger"} role="alert" testId="users-result">
          <p>{notice.message}</p>
          {notice.temporaryPassword ? (
            <p>
              {t.temporaryPassword}:{" "}
              <code className="mono" data-testid="temporary-password">
                {notice.temporaryPassword}
              </code>
            </p>
          ) : null}
        </Banner>
      ) : null}
      <p className="muted">{t.roleHelp}</p>
      <Table caption={t.title} data-testid="user-list">
        <thead>
          <tr>
            <th scope="col">{t.email}</th>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.role}</th>
            <th scope="col">{t.state}</th>
            <th scope="col">{t.lastLogin}</th>
            {canEdit ? (
              <th scope="col">
                <span className="visually-hidden">{t.remove}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-email={user.email}>
              <td>
                {user.email} {user.isSelf ? <span className="muted">{t.you}</span> : null}
                {user.homeHere ? null : <div className="muted">{t.homeElsewhere}</div>}
              </td>
              <td>{user.name}</td>
              <td>
                {canEdit ? (
                  <fieldset className="row" aria-label={`${t.changeRole} ${user.email}`}>
                    {COMPANY_ROLES.map((role) => (
                      <label key={role}>
                        <input
                          type="checkbox"
                          name={`roles-${user.id}`}
                          value={role}
                          checked={user.roles.includes(role)}
                          disabled={pending || (user.isSelf && role === "administrator")}
                          onChange={(event) => toggleRole(user, role, event.target.checked)}
                        />{" "}
                        {roleLabels[role]}
                      </label>
                    ))}
                  </fieldset>
                ) : (
                  user.roles.map((role) => roleLabels[role]).join(", ")
                )}
              </td>
              <td>
                <Badge tone={user.disabled ? "neutral" : "success"}>
                  {user.disabled ? t.disabled : t.enabled}
                </Badge>
              </td>
              <td className="mono">{user.lastLogin}</td>
              {canEdit ? (
                <td>
                  {user.isSelf ? null : (
                    <div className="row">
                      <button
                        type="button"
                        className={buttonClass("secondary", "small")}
                        disabled={pending}
                        onClick={() => run(() => setMemberRolesAction(user.id, []))}
                        aria-label={`${t.remove}: ${user.email}`}
                      >
                        {t.remove}
                      </button>
                      {canDisable && user.homeHere ? (
                        <button
                          type="button"
                          className={buttonClass(user.disabled ? "secondary" : "danger", "small")}
                          disabled={pending}
                          onClick={() => run(() => setUserDisabledAction(user.id, !user.disabled))}
                          aria-label={`${user.disabled ? t.enable : t.disable} ${user.email}`}
                        >
                          {user.disabled ? t.enable : t.disable}
                        </button>
                      ) : null}
                    </div>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
      {canEdit ? (
        <form className={cardClass} onSubmit={onInvite} data-testid="user-create" noValidate>
          <h3>{t.create}</h3>
          <div className="row">
            <InputField label={t.email} name="email" type="email" required autoComplete="off" />
            <InputField label={t.name} name="name" autoComplete="off" />
            <fieldset className="row" aria-label={t.role}>
              {COMPANY_ROLES.map((role) => (
                <label key={role}>
                  <input type="checkbox" name="roles" value={role} defaultChecked={role === "operator"} />{" "}
                  {roleLabels[role]}
                </label>
              ))}
            </fieldset>
            <button type="submit" className={buttonClass()} disabled={pending}>
              {t.create}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
