"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Environment } from "@/lib/domain/environments";
import { format, type Dictionary } from "@/lib/i18n";
import { saveDeadlineSettingsAction } from "@/lib/portal/actions/contingency-actions";
import { DEADLINE_SETTING_BOUNDS as BOUNDS } from "@/lib/schemas/deadline-settings";

/**
 * The deferred-sending window (empty: none), the share at which a deadline is announced as near, and
 * the header's environment's deadline to void a gap of the ledger (empty: none), and its inventory
 * forecast's lead time and unused share.
 */
export function DeadlineSettingsForm({
  settings,
  environment,
  canEdit,
  t,
}: {
  settings: {
    deferredWindowHours: number | null;
    approachingPercent: number;
    gapWindowDays: number | null;
    forecastLeadDays: number;
    forecastUnusedPercent: number;
  };
  environment: { id: Environment; label: string };
  canEdit: boolean;
  t: Dictionary["contingency"];
}) {
  const router = useRouter();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(async () => {
      setResult(
        await saveDeadlineSettingsAction({
          deferredWindowHours: String(data.get("deferredWindowHours") ?? "").trim(),
          approachingPercent: String(data.get("approachingPercent") ?? ""),
          environment: environment.id,
          gapWindowDays: String(data.get("gapWindowDays") ?? "").trim(),
          forecastLeadDays: String(data.get("forecastLeadDays") ?? ""),
          forecastUnusedPercent: String(data.get("forecastUnusedPercent") ?? ""),
        }),
      );
      router.refresh();
    });
  }

  return (
    <form className="stack" onSubmit={onSubmit} data-testid="deadline-settings">
      <InputField
        label={t.deferredWindow}
        hint={t.deferredHint}
        name="deferredWindowHours"
        type="number"
        {...BOUNDS.deferredWindowHours}
        defaultValue={settings.deferredWindowHours ?? ""}
        disabled={!canEdit}
      />
      <InputField
        label={t.approachingPercent}
        hint={t.approachingHint}
        name="approachingPercent"
        type="number"
        {...BOUNDS.approachingPercent}
        defaultValue={settings.approachingPercent}
        disabled={!canEdit}
      />
      <InputField
        label={format(t.gapWindow, { environment: environment.label })}
        hint={t.gapWindowHint}
        name="gapWindowDays"
        type="number"
        {...BOUNDS.gapWindowDays}
        defaultValue={settings.gapWindowDays ?? ""}
        disabled={!canEdit}
      />
      <InputField
        label={format(t.forecastLeadDays, { environment: environment.label })}
        hint={t.forecastLeadHint}
        name="forecastLeadDays"
        type="number"
        {...BOUNDS.forecastLeadDays}
        required
        defaultValue={settings.forecastLeadDays}
        disabled={!canEdit}
      />
      <InputField
        label={format(t.forecastUnusedPercent, { environment: environment.label })}
        hint={t.forecastUnusedHint}
        name="forecastUnusedPercent"
        type="number"
        {...BOUNDS.forecastUnusedPercent}
        required
        defaultValue={settings.forecastUnusedPercent}
        disabled={!canEdit}
      />
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="deadline-settings-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      {canEdit ? (
        <div>
          <Button type="submit" disabled={pending}>
            {t.saveSettings}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
