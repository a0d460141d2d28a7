"use client";

import { useState, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField } from "@/components/ui/field";
import { SUBSCRIBABLE_EVENT_TYPES, createWebhookEndpointSchema } from "@/lib/domain/webhook-endpoint";
import type { Dictionary } from "@/lib/i18n";

import { eventLabel } from "./event-label";
import styles from "./webhook-form.module.css";

export interface WebhookFormValues {
  url: string;
  description: string;
  /** [] = every event type. */
  eventTypes: string[];
}

/**
 * The create and edit form of an endpoint: URL, description, and the events (every one by default,
 * or those ticked). Checked in the browser with the API's own schema (lib/domain/webhook-endpoint.ts);
 * the server checks again, with the URL's safety rules.
 */
export function WebhookForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  cancelLabel,
  t,
  testId,
}: {
  initial: WebhookFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit(values: WebhookFormValues): void;
  onCancel?: () => void;
  cancelLabel?: string;
  t: Dictionary["webhooks"];
  testId: string;
}) {
  const [all, setAll] = useState(initial.eventTypes.length === 0);
  const [chosen, setChosen] = useState<string[]>(initial.eventTypes);
  const [errors, setErrors] = useState<{ url?: string; description?: string; events?: string }>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      url: String(data.get("url") ?? ""),
      description: String(data.get("description") ?? ""),
      eventTypes: all ? [] : chosen,
    };
    const parsed = createWebhookEndpointSchema.safeParse(values);
    const found: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0]);
      if (field === "url" || field === "description") found[field] ??= issue.message;
    }
    if (!all && chosen.length === 0) found.events = t.eventsNone;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(values);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid={testId}>
      <InputField
        label={t.url}
        hint={t.urlHint}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        defaultValue={initial.url}
        maxLength={2000}
        required
        error={errors.url}
      />
      <InputField
        label={t.description}
        name="description"
        defaultValue={initial.description}
        maxLength={200}
        error={errors.description}
      />
      <fieldset className="stack">
        <legend>{t.events}</legend>
        <CheckboxField checked={all} onChange={(event) => setAll(event.target.checked)} name="allEvents">
          {t.allEvents}
        </CheckboxField>
        {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            name="eventTypes"
            value={type}
            disabled={all}
            checked={all || chosen.includes(type)}
            onChange={(event) =>
              setChosen((now) =>
                event.target.checked ? [...now, type] : now.filter((candidate) => candidate !== type),
              )
            }
          >
            {eventLabel(t, type)} <span className={`mono muted ${styles.eventType}`}>{type}</span>
          </CheckboxField>
        ))}
        {errors.events ? (
          <Banner tone="danger" role="alert">
            <p>{errors.events}</p>
          </Banner>
        ) : (
          <p className="muted">{t.eventsHint}</p>
        )}
      </fieldset>
      <div className="row">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
