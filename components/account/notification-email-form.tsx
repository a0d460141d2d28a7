"use client";

import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import type { Dictionary } from "@/lib/i18n";
import { setNotificationEmailAction } from "@/lib/portal/actions/notification-actions";
import {
  NOTIFICATION_EMAIL_CHOICES,
  notificationEmailSchema,
  type NotificationEmailChoice,
} from "@/lib/schemas/notifications";

/**
 * Mi cuenta → Notificaciones por correo: at once, a daily summary, or none. The same schema
 * (lib/schemas/notifications.ts) checks the choice here and on the server.
 */
export function NotificationEmailForm({
  value,
  smtpConfigured,
  t,
}: {
  value: NotificationEmailChoice;
  smtpConfigured: boolean;
  t: Dictionary["notifications"]["email"];
}) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = notificationEmailSchema.safeParse({
      notificationEmail: new FormData(event.currentTarget).get("notificationEmail"),
    });
    if (!parsed.success) {
      setResult({ ok: false, message: parsed.error.issues[0]!.message });
      return;
    }
    startTransition(async () => setResult(await setNotificationEmailAction(parsed.data)));
  }

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="notification-email-form">
      <p className="muted">{t.intro}</p>
      {smtpConfigured ? null : (
        <Banner tone="info" testId="notification-email-unconfigured">
          <p>{t.notConfigured}</p>
        </Banner>
      )}
      <fieldset className="stack">
        <legend>{t.legend}</legend>
        {NOTIFICATION_EMAIL_CHOICES.map((choice) => (
          <label key={choice} className="row">
            <input
              type="radio"
              name="notificationEmail"
              value={choice}
              defaultChecked={choice === value}
              data-testid={`notification-email-${choice}`}
            />
            {t[choice]}
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={pending} data-testid="notification-email-save">
          {t.save}
        </Button>
      </div>
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role={result.ok ? "status" : "alert"}>
          <p>{result.message}</p>
        </Banner>
      ) : null}
    </form>
  );
}
