"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/use-confirm";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { CheckboxField, InputField } from "@/components/ui/field";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import { SERVICE_SCOPES } from "@/lib/domain/roles";
import { format, type Dictionary } from "@/lib/i18n";
import {
  createServiceAccountAction,
  rotateServiceAccountSecretAction,
  setServiceAccountDisabledAction,
  setServiceAccountSendWithoutApprovalAction,
} from "@/lib/portal/actions/service-account-actions";

import { SecretShownOnce } from "./secret-shown-once";

export interface ServiceAccountRow {
  id: string;
  name: string;
  clientId: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string;
  disabled: boolean;
  /** Its voids skip the approval policy (an administrator's grant, logged). */
  sendWithoutApproval: boolean;
  /** The secrets that still work: prefix and, after a rotation, until when. */
  secrets: Array<{ id: string; prefix: string; expiresAt: string | null }>;
}

export interface ServiceAccountsPanelProps {
  accounts: ServiceAccountRow[];
  canEdit: boolean;
  /** The default overlap of a rotation, in hours (7 days). */
  defaultOverlapHours: number;
  t: Dictionary["settings"]["serviceAccounts"];
  /** The approval policy's exemption ("send without approval"). */
  bypass: Dictionary["approvals"]["serviceAccount"];
  common: Dictionary["common"];
  /** The confirmation's title and buttons. */
  dialogs: Dictionary["dialogs"];
}

/** What is shown once: a new account's clientId and secret, or a rotated secret. */
type Shown =
  | { kind: "created"; name: string; clientId: string; secret: string }
  | {
      kind: "rotated";
      name: string;
      clientId: string;
      secret: string;
      oldSecretsExpireAt: number;
      /** Rotated with no overlap: the previous secrets stopped at once. */
      oldSecretsEnded: boolean;
    };

/** Create (the secret shown once), rotate with an overlap, disable/enable and list service accounts. */
export function ServiceAccountsPanel({
  accounts,
  canEdit,
  defaultOverlapHours,
  t,
  bypass,
  common,
  dialogs,
}: ServiceAccountsPanelProps) {
  const router = useRouter();
  const [confirmDialog, confirm] = useConfirm();
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [rotating, setRotating] = useState<ServiceAccountRow | null>(null);
  const [overlap, setOverlap] = useState(String(defaultOverlapHours));
  const [granting, setGranting] = useState<ServiceAccountRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "");
    const scopes = data.getAll("scopes").map(String);
    // noValidate: the app's own words beside the fields, never the browser's English tooltip.
    setNameError(name.trim() === "" ? t.nameRequired : undefined);
    setError(scopes.length === 0 ? t.scopesRequired : null);
    if (name.trim() === "" || scopes.length === 0) return;
    startTransition(async () => {
      const result = await createServiceAccountAction(name, scopes);
      if (result.ok) {
        setShown({ kind: "created", name: result.name, clientId: result.clientId, secret: result.secret });
        setError(null);
        form.reset();
        router.refresh();
      } else {
        setError(result.message);
      }
    });
  }

  function onRotate() {
    const row = rotating;
    if (!row) return;
    startTransition(async () => {
      const result = await rotateServiceAccountSecretAction(row.id, Number(overlap));
      if (result.ok) {
        setShown({
          kind: "rotated",
          name: row.name,
          clientId: row.clientId,
          secret: result.secret,
          oldSecretsExpireAt: result.oldSecretsExpireAt,
          oldSecretsEnded: Number(overlap) === 0,
        });
        setError(null);
        setRotating(null);
        router.refresh();
      } else {
        setError(result.message);
      }
    });
  }

  async function onToggle(row: ServiceAccountRow) {
    if (!row.disabled) {
      const yes = await confirm({
        title: dialogs.disableServiceAccount.title,
        message: format(t.confirmDisable, { name: row.name }),
        confirmLabel: t.disable,
        cancelLabel: dialogs.cancel,
        danger: true,
        confirmTestId: "disable-confirm",
      });
      if (!yes) return;
    }
    startTransition(async () => {
      const result = await setServiceAccountDisabledAction(row.id, !row.disabled);
      if (!result.ok) setError(result.message);
      router.refresh();
    });
  }

  /** Grant (after the warning dialog) or revoke the approval policy's exemption. */
  function onBypass(row: ServiceAccountRow, enabled: boolean) {
    startTransition(async () => {
      const result = await setServiceAccountSendWithoutApprovalAction(row.id, enabled);
      if (result.ok) {
        setError(null);
        setNotice(format(enabled ? bypass.granted : bypass.revoked, { name: row.name }));
        setGranting(null);
      } else {
        setError(result.message);
      }
      router.refresh();
    });
  }

  return (
    <div className="stack">
      {confirmDialog}
      {shown ? (
        <SecretShownOnce
          title={format(shown.kind === "created" ? t.createdTitle : t.rotatedTitle, { name: shown.name })}
          warning={t.secretWarning}
          secret={shown.secret}
          testId="service-account-secret"
          valueTestId="service-account-secret-value"
          common={common}
          owner={{ label: t.clientId, value: shown.clientId, testId: "service-account-client-id" }}
          secretLabel={t.secret}
        >
          {shown.kind === "rotated" ? (
            <p data-testid="old-secret-expiry">
              {shown.oldSecretsEnded
                ? t.oldSecretsEnded
                : format(t.oldSecretsExpire, { date: formatFechaHora(shown.oldSecretsExpireAt) })}
            </p>
          ) : null}
        </SecretShownOnce>
      ) : null}
      {error ? (
        <Banner tone="danger" role="alert">
          <p>{error}</p>
        </Banner>
      ) : null}
      {notice ? (
        <Banner tone="success" role="status" testId="service-account-bypass-result">
          <p>{notice}</p>
        </Banner>
      ) : null}
      {canEdit ? (
        <form className="stack" onSubmit={onCreate} noValidate data-testid="service-account-create">
          <InputField
            label={t.name}
            name="name"
            placeholder={t.namePlaceholder}
            maxLength={100}
            required
            error={nameError}
          />
          <fieldset className="stack">
            <legend>{t.scopes}</legend>
            {SERVICE_SCOPES.map((scope) => (
              <CheckboxField key={scope} name="scopes" value={scope}>
                {t.scopeLabels[scope]}
              </CheckboxField>
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={pending}>
              {t.create}
            </Button>
          </div>
        </form>
      ) : null}
      <Table caption={t.title} data-testid="service-account-list">
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.clientId}</th>
            <th scope="col">{t.scopes}</th>
            <th scope="col">{t.liveSecrets}</th>
            <th scope="col">{t.lastUsedAt}</th>
            <th scope="col">{t.state}</th>
            <th scope="col">{bypass.column}</th>
            {canEdit ? <th scope="col">{t.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {accounts.length === 0 ? (
            <tr>
              <td colSpan={canEdit ? 8 : 7}>{t.empty}</td>
            </tr>
          ) : (
            accounts.map((row) => (
              <tr key={row.id} data-testid="service-account-row">
                <td>{row.name}</td>
                <td className="mono">{row.clientId}</td>
                <td className="mono">{row.scopes.join(", ")}</td>
                <td className="mono">
                  {row.secrets.map((secret) => (
                    <div key={secret.id} data-testid="live-secret">
                      {format(t.secretPrefix, { prefix: secret.prefix })}
                      {secret.expiresAt ? " " + format(t.secretExpires, { date: secret.expiresAt }) : null}
                    </div>
                  ))}
                </td>
                <td className="mono">{row.lastUsedAt}</td>
                <td>
                  <Badge tone={row.disabled ? "neutral" : "success"}>
                    {row.disabled ? t.disabled : t.active}
                  </Badge>
                </td>
                <td data-testid="service-account-bypass">
                  <Badge tone={row.sendWithoutApproval ? "warning" : "neutral"}>
                    {row.sendWithoutApproval ? bypass.bypassOn : bypass.bypassOff}
                  </Badge>
                </td>
                {canEdit ? (
                  <td>
                    <div className="row">
                      {row.disabled ? null : (
                        <Button
                          variant="secondary"
                          size="small"
                          disabled={pending}
                          onClick={() => {
                            setOverlap(String(defaultOverlapHours));
                            setRotating(row);
                          }}
                          aria-label={format(t.rotateNamed, { name: row.name })}
                        >
                          {t.rotate}
                        </Button>
                      )}
                      <Button
                        variant="secondary"
                        size="small"
                        disabled={pending}
                        onClick={() => (row.sendWithoutApproval ? onBypass(row, false) : setGranting(row))}
                        aria-label={format(row.sendWithoutApproval ? bypass.revokeNamed : bypass.grantNamed, {
                          name: row.name,
                        })}
                      >
                        {row.sendWithoutApproval ? bypass.revoke : bypass.grant}
                      </Button>
                      <Button
                        variant={row.disabled ? "secondary" : "danger"}
                        size="small"
                        disabled={pending}
                        onClick={() => onToggle(row)}
                        aria-label={format(row.disabled ? t.enableNamed : t.disableNamed, { name: row.name })}
                      >
                        {row.disabled ? t.enable : t.disable}
                      </Button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <ConfirmActionDialog
        open={granting !== null}
        title={format(bypass.grantTitle, { name: granting?.name ?? "" })}
        danger
        cancelLabel={common.cancel}
        confirmLabel={bypass.grantConfirm}
        confirmTestId="bypass-confirm"
        pending={pending}
        onCancel={() => setGranting(null)}
        onConfirm={() => granting && onBypass(granting, true)}
      >
        <Banner tone="warning">
          <p>{bypass.grantWarning}</p>
        </Banner>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={rotating !== null}
        title={format(t.rotateTitle, { name: rotating?.name ?? "" })}
        cancelLabel={common.cancel}
        confirmLabel={t.rotate}
        confirmTestId="rotate-confirm"
        pending={pending}
        onCancel={() => setRotating(null)}
        onConfirm={onRotate}
      >
        <p>{t.rotateIntro}</p>
        <InputField
          label={t.overlapHours}
          hint={t.overlapHint}
          name="overlapHours"
          type="number"
          min={0}
          max={2160}
          step={1}
          value={overlap}
          onChange={(event) => setOverlap(event.target.value)}
        />
      </ConfirmActionDialog>
    </div>
  );
}
