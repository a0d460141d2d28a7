"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { SecretShownOnce } from "@/components/settings/secret-shown-once";
import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { WebhookState } from "@/lib/domain/webhook-endpoint";
import { format, type Dictionary } from "@/lib/i18n";
import {
  createWebhookAction,
  deleteWebhookAction,
  rotateWebhookSecretAction,
  sendWebhookTestAction,
  setWebhookEnabledAction,
  updateWebhookAction,
} from "@/lib/portal/actions/webhook-actions";

import { eventLabel } from "./event-label";
import { WebhookForm, type WebhookFormValues } from "./webhook-form";

export interface WebhookRow {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  state: WebhookState;
  /** Formatted, while failing. */
  failingSince: string | null;
  lastDelivery: { status: "pending" | "delivered" | "failed"; at: string; statusCode: number | null } | null;
}

const STATE_TONE = { active: "success", disabled_manual: "neutral", disabled_failing: "danger" } as const;
const DELIVERY_TONE = { pending: "warning", delivered: "success", failed: "danger" } as const;

type Shown = { kind: "created" | "rotated"; url: string; secret: string; previousUntil?: number };

/** Configuración → Webhooks: create, list, edit, test, rotate, disable/enable and delete endpoints. */
export function WebhooksPanel({
  webhooks,
  environment,
  t,
  common,
}: {
  webhooks: WebhookRow[];
  environment: string;
  t: Dictionary["webhooks"];
  common: Dictionary["common"];
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useState<Shown | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const [editing, setEditing] = useState<WebhookRow | null>(null);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const [rotating, setRotating] = useState<WebhookRow | null>(null);
  const [formKey, setFormKey] = useState(0);

  function run(task: () => Promise<{ ok: boolean; message: string }>, after?: () => void) {
    startTransition(async () => {
      const result = await task();
      setNotice(result.message ? { ok: result.ok, message: result.message } : null);
      if (result.ok) after?.();
      router.refresh();
    });
  }

  function onCreate(values: WebhookFormValues) {
    startTransition(async () => {
      const result = await createWebhookAction(values);
      if (result.ok) {
        setShown({ kind: "created", url: values.url, secret: result.secret });
        setNotice(null);
        setFormKey((key) => key + 1);
      } else {
        setShown(null);
        setNotice({ ok: false, message: result.message });
      }
      router.refresh();
    });
  }

  function onRotate(row: WebhookRow) {
    startTransition(async () => {
      const result = await rotateWebhookSecretAction(row.id);
      setRotating(null);
      if (result.ok) {
        setShown({
          kind: "rotated",
          url: row.url,
          secret: result.secret,
          previousUntil: result.previousSecretExpiresAt,
        });
        setNotice(null);
      } else {
        setNotice({ ok: false, message: result.message });
      }
      router.refresh();
    });
  }

  return (
    <div className="stack">
      {shown ? (
        <SecretShownOnce
          title={shown.kind === "created" ? t.createdTitle : t.rotatedTitle}
          warning={t.secretWarning}
          secret={shown.secret}
          testId="webhook-secret"
          valueTestId="webhook-secret-value"
          common={common}
          owner={{ label: t.url, value: shown.url }}
          secretLabel={t.secret}
        >
          {shown.previousUntil ? (
            <p data-testid="webhook-previous-secret">
              {format(t.rotatedNote, { date: formatFechaHora(shown.previousUntil) })}
            </p>
          ) : null}
        </SecretShownOnce>
      ) : null}
      {notice ? (
        <Banner
          tone={notice.ok ? "success" : "danger"}
          role={notice.ok ? "status" : "alert"}
          testId="webhook-notice"
        >
          <p>{notice.message}</p>
        </Banner>
      ) : null}
      <Table caption={t.title} data-testid="webhook-list">
        <thead>
          <tr>
            <th scope="col">{t.columns.url}</th>
            <th scope="col">{t.columns.events}</th>
            <th scope="col">{t.columns.state}</th>
            <th scope="col">{t.columns.lastDelivery}</th>
            <th scope="col">{t.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {webhooks.length === 0 ? (
            <tr>
              <td colSpan={5}>{format(t.empty, { environment })}</td>
            </tr>
          ) : (
            webhooks.map((row) => (
              <tr key={row.id} data-testid="webhook-row" data-webhook-id={row.id}>
                <td>
                  <Link
                    href={`/settings/webhooks/${row.id}`}
                    className="mono"
                    aria-label={format(t.deliveriesNamed, { url: row.url })}
                  >
                    {row.url}
                  </Link>
                  {row.description ? <div className="muted">{row.description}</div> : null}
                </td>
                <td>
                  {row.eventTypes.length === 0
                    ? t.all
                    : row.eventTypes.map((type) => <div key={type}>{eventLabel(t, type)}</div>)}
                </td>
                <td data-testid="webhook-state">
                  <Badge tone={STATE_TONE[row.state]}>{t.states[row.state]}</Badge>
                  {row.failingSince ? (
                    <div className="muted">{format(t.failingSince, { date: row.failingSince })}</div>
                  ) : null}
                </td>
                <td data-testid="webhook-last-delivery">
                  {row.lastDelivery ? (
                    <>
                      <Badge tone={DELIVERY_TONE[row.lastDelivery.status]}>
                        {t.deliveryStatus[row.lastDelivery.status]}
                      </Badge>
                      <div className="mono muted">{row.lastDelivery.at}</div>
                      {row.lastDelivery.statusCode !== null ? (
                        <div className="mono muted">
                          {format(t.httpStatus, { status: row.lastDelivery.statusCode })}
                        </div>
                      ) : null}
                    </>
                  ) : (
                    t.never
                  )}
                </td>
                <td>
                  <div className="row">
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending || row.state !== "active"}
                      onClick={() => run(() => sendWebhookTestAction(row.id))}
                      aria-label={format(t.sendTestNamed, { url: row.url })}
                    >
                      {t.sendTest}
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      onClick={() => setEditing(row)}
                      aria-label={format(t.editNamed, { url: row.url })}
                    >
                      {t.edit}
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      onClick={() => setRotating(row)}
                      aria-label={format(t.rotateNamed, { url: row.url })}
                    >
                      {t.rotate}
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      onClick={() => run(() => setWebhookEnabledAction(row.id, row.state !== "active"))}
                      aria-label={format(row.state === "active" ? t.disableNamed : t.enableNamed, {
                        url: row.url,
                      })}
                    >
                      {row.state === "active" ? t.disable : t.enable}
                    </Button>
                    <Button
                      variant="danger"
                      size="small"
                      disabled={pending}
                      onClick={() => setDeleting(row)}
                      aria-label={format(t.deleteNamed, { url: row.url })}
                    >
                      {t.delete}
                    </Button>
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <section className="stack" aria-labelledby="webhook-create-title">
        <h2 id="webhook-create-title">{t.createTitle}</h2>
        <WebhookForm
          key={formKey}
          initial={{ url: "", description: "", eventTypes: [] }}
          submitLabel={t.create}
          pending={pending}
          onSubmit={onCreate}
          t={t}
          testId="webhook-create"
        />
      </section>
      <Dialog open={editing !== null} title={t.editTitle} onCancel={() => setEditing(null)}>
        {editing ? (
          <WebhookForm
            key={editing.id}
            initial={{
              url: editing.url,
              description: editing.description ?? "",
              eventTypes: editing.eventTypes,
            }}
            submitLabel={t.save}
            cancelLabel={common.cancel}
            pending={pending}
            onSubmit={(values) =>
              run(
                () => updateWebhookAction(editing.id, values),
                () => setEditing(null),
              )
            }
            onCancel={() => setEditing(null)}
            t={t}
            testId="webhook-edit"
          />
        ) : null}
      </Dialog>
      <ConfirmActionDialog
        open={rotating !== null}
        title={format(t.rotateTitle, { url: rotating?.url ?? "" })}
        cancelLabel={common.cancel}
        confirmLabel={t.rotate}
        confirmTestId="webhook-rotate-confirm"
        pending={pending}
        onCancel={() => setRotating(null)}
        onConfirm={() => rotating && onRotate(rotating)}
      >
        <p>{t.rotateIntro}</p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={deleting !== null}
        title={format(t.deleteTitle, { url: deleting?.url ?? "" })}
        danger
        cancelLabel={common.cancel}
        confirmLabel={t.delete}
        confirmTestId="webhook-delete-confirm"
        pending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          run(
            () => deleteWebhookAction(deleting.id),
            () => setDeleting(null),
          )
        }
      >
        <p>{t.deleteWarning}</p>
      </ConfirmActionDialog>
    </div>
  );
}
