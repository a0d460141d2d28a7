"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/field";
import { SETTLEMENT_NOTE_MAX } from "@/lib/domain/void-settlement";
import type { Dictionary } from "@/lib/i18n";
import { settleVoidAction } from "@/lib/portal/actions/settlement-actions";

import styles from "./settle.module.css";
import { EvidenceFileField } from "./evidence-file-field";

export interface SettleFormProps {
  voidId: string;
  environment: string;
  t: Dictionary["voidSettle"]["settle"];
}

/** "Registrar resultado": the outcome seen in DGII's OFV, a required note and an optional evidence file. */
export function SettleForm({ voidId, environment, t }: SettleFormProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [errors, setErrors] = useState<{ outcome?: string; note?: string }>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // noValidate: the app's own words beside the fields, never the browser's English tooltip.
    const found = {
      outcome: data.get("outcome") ? undefined : t.outcomeRequired,
      note: String(data.get("note") ?? "").trim() ? undefined : t.noteRequired,
    };
    setErrors(found);
    if (found.outcome || found.note) return;
    data.set("voidId", voidId);
    data.set("environment", environment);
    startTransition(async () => {
      const answer = await settleVoidAction(data);
      setResult(answer);
      if (answer.ok) router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className={styles.form} noValidate data-testid="settle-form">
      <fieldset
        className={styles.outcomes}
        aria-describedby={errors.outcome ? "settle-outcome-error" : undefined}
      >
        <legend>{t.legend}</legend>
        <label className={styles.choice}>
          <input type="radio" name="outcome" value="Aceptado" required data-testid="settle-aceptado" />
          {t.aceptado}
        </label>
        <label className={styles.choice}>
          <input type="radio" name="outcome" value="Rechazado" data-testid="settle-rechazado" />
          {t.rechazado}
        </label>
        {errors.outcome ? (
          <p className={styles.fieldError} id="settle-outcome-error" role="alert">
            {errors.outcome}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label={t.note}
        hint={t.noteHint}
        name="note"
        required
        maxLength={SETTLEMENT_NOTE_MAX}
        rows={3}
        error={errors.note}
        data-testid="settle-note"
      />
      <EvidenceFileField label={t.evidence} hint={t.evidenceHint} testId="settle-evidence" />
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="settle-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <div className="row">
        <Button type="submit" disabled={pending} data-testid="settle-submit">
          {pending ? t.saving : t.submit}
        </Button>
      </div>
    </form>
  );
}
