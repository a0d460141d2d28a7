"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { InputField, SelectField } from "@/components/ui/field";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import type { Dictionary } from "@/lib/i18n";
import {
  createUserAction,
  setUserDisabledAction,
  setUserRoleAction,
  type ActionResult,
} from "@/lib/portal/actions/settings-actions";

type Role = "admin" | "operator" | "viewer";
const ROLES: Role[] = ["admin", "operator", "viewer"];

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  lastLogin: string;
  isSelf: boolean;
}

export interface UsersPanelProps {
  users: UserRow[];
  canEdit: boolean;
  t: Dictionary["settings"]["users"];
  roleLabels: Dictionary["common"]["role"];
}

/** List, create, change role, disable/enable; an admin cannot lock themselves out. */
export function UsersPanel({ users, canEdit, t, roleLabels }: UsersPanelProps) {
  const router = useRouter();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const roleOptions = ROLES.map((role) => ({ value: role, label: roleLabels[role] }));

  function run(action: () => Promise<ActionResult>, after?: () => void) {
    startTransition(async () => {
      const answer = await action();
      setResult(answer.ok && answer.message === "" ? null : answer);
      if (answer.ok) after?.();
      router.refresh();
    });
  }

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    run(
      () => createUserAction(data),
      () => form.reset(),
    );
  }

  return (
    <div className="stack">
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="users-result">
          <p>{result.message}</p>
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
                <span className="visually-hidden">{t.disable}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-email={user.email}>
              <td>
                {user.email} {user.isSelf ? <span className="muted">{t.you}</span> : null}
              </td>
              <td>{user.name}</td>
              <td>
                {canEdit && !user.isSelf ? (
                  <select
                    aria-label={`${t.changeRole}: ${user.email}`}
                    value={user.role}
                    disabled={pending}
                    onChange={(event) => run(() => setUserRoleAction(user.id, event.target.value))}
                  >
                    {roleOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  roleLabels[user.role]
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
                    <button
                      type="button"
                      className={buttonClass(user.disabled ? "secondary" : "danger", "small")}
                      disabled={pending}
                      onClick={() => run(() => setUserDisabledAction(user.id, !user.disabled))}
                      aria-label={`${user.disabled ? t.enable : t.disable} ${user.email}`}
                    >
                      {user.disabled ? t.enable : t.disable}
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
      {canEdit ? (
        <form className={cardClass} onSubmit={onCreate} data-testid="user-create">
          <h3>{t.create}</h3>
          <div className="row">
            <InputField label={t.email} name="email" type="email" required autoComplete="off" />
            <InputField label={t.name} name="name" autoComplete="off" />
            <InputField
              label={t.password}
              name="password"
              type="password"
              minLength={8}
              required
              autoComplete="new-password"
            />
            <SelectField label={t.role} name="role" defaultValue="operator" options={roleOptions} />
            <button type="submit" className={buttonClass()} disabled={pending}>
              {t.create}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
