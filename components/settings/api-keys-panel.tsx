"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/use-confirm";
import { InputField, SelectField } from "@/components/ui/field";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { ENVIRONMENTS } from "@/lib/domain/environments";
import { format, type Dictionary } from "@/lib/i18n";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/portal/actions/settings-actions";

import { SecretShownOnce } from "./secret-shown-once";

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  /** The one environment the key works in, or null for all three. */
  environment: string | null;
  createdAt: string;
  lastUsedAt: string;
  revoked: boolean;
}

export interface ApiKeysPanelProps {
  keys: ApiKeyRow[];
  canEdit: boolean;
  t: Dictionary["settings"]["apiKeys"];
  common: Dictionary["common"];
  /** The confirmation's title and buttons. */
  dialogs: Dictionary["dialogs"];
  environments: Dictionary["environments"];
}

/** Create (the key is shown once, here, with a copy button), list and revoke API keys. */
export function ApiKeysPanel({ keys, canEdit, t, common, dialogs, environments }: ApiKeysPanelProps) {
  const [confirmDialog, confirm] = useConfirm();
  const router = useRouter();
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [pending, startTransition] = useTransition();

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "");
    const environment = String(data.get("environment") ?? "");
    // noValidate: the app's own words under the field, never the browser's English tooltip.
    setNameError(name.trim() === "" ? t.nameRequired : undefined);
    if (name.trim() === "") return;
    startTransition(async () => {
      const result = await createApiKeyAction(name, environment);
      if (result.ok) {
        setCreated({ key: result.key, name: result.name });
        setError(null);
        form.reset();
        router.refresh();
      } else {
        setError(result.message);
      }
    });
  }

  async function onRevoke(row: ApiKeyRow) {
    const yes = await confirm({
      title: dialogs.revokeKey.title,
      message: format(t.confirmRevoke, { name: row.name }),
      confirmLabel: t.revoke,
      cancelLabel: dialogs.cancel,
      danger: true,
      confirmTestId: "revoke-confirm",
    });
    if (!yes) return;
    startTransition(async () => {
      const result = await revokeApiKeyAction(row.id);
      if (!result.ok) setError(result.message);
      router.refresh();
    });
  }

  return (
    <div className="stack">
      {confirmDialog}
      {created ? (
        <SecretShownOnce
          title={t.createdTitle}
          warning={t.createdWarning}
          secret={created.key}
          testId="api-key-created"
          valueTestId="api-key-value"
          common={common}
        />
      ) : null}
      {error ? (
        <Banner tone="danger" role="alert">
          <p>{error}</p>
        </Banner>
      ) : null}
      {canEdit ? (
        <form className="row" onSubmit={onCreate} noValidate data-testid="api-key-create">
          <InputField
            label={t.name}
            name="name"
            placeholder={t.namePlaceholder}
            maxLength={100}
            required
            error={nameError}
          />
          <SelectField
            label={t.environment}
            name="environment"
            defaultValue=""
            hint={t.environmentHint}
            options={[
              { value: "", label: t.allEnvironments },
              ...ENVIRONMENTS.map((environment) => ({
                value: environment,
                label: environments[environment],
              })),
            ]}
          />
          <Button type="submit" disabled={pending}>
            {t.create}
          </Button>
        </form>
      ) : null}
      <Table caption={t.title} data-testid="api-key-list">
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.prefix}</th>
            <th scope="col">{t.environment}</th>
            <th scope="col">{t.createdAt}</th>
            <th scope="col">{t.lastUsedAt}</th>
            <th scope="col">{t.state}</th>
            {canEdit ? (
              <th scope="col">
                <span className="visually-hidden">{t.revoke}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {keys.length === 0 ? (
            <tr>
              <td colSpan={canEdit ? 7 : 6}>{t.empty}</td>
            </tr>
          ) : (
            keys.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td className="mono">{format(t.keyPrefix, { prefix: row.prefix })}</td>
                <td>{row.environment ?? t.allEnvironments}</td>
                <td className="mono">{row.createdAt}</td>
                <td className="mono">{row.lastUsedAt}</td>
                <td>
                  <Badge tone={row.revoked ? "neutral" : "success"}>
                    {row.revoked ? t.revoked : t.active}
                  </Badge>
                </td>
                {canEdit ? (
                  <td>
                    {row.revoked ? null : (
                      <Button
                        variant="danger"
                        size="small"
                        disabled={pending}
                        onClick={() => onRevoke(row)}
                        aria-label={format(t.revokeNamed, { name: row.name })}
                      >
                        {t.revoke}
                      </Button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </div>
  );
}
