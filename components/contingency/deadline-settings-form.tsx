"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { saveDeadlineSettingsAction } from "@/lib/portal/actions/contingency-actions";

/** The deferred-sending window (empty: none) and the share at which a deadline is announced as near. */
export function DeadlineSettingsForm({
  settings,
  canEdit,
  t,
}: {
  settings: { deferredWindowHours: number | null; approachingPercent: number };
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
        min={1}
        max={720}
        defaultValue={settings.deferredWindowHours ?? ""}
        disabled={!canEdit}
      />
      <InputField
        label={t.approachingPercent}
        hint={t.approachingHint}
        name="approachingPercent"
        type="number"
        min={1}
        max={99}
        defaultValue={settings.approachingPercent}
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
