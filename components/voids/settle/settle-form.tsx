"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField, TextareaField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { settleVoidAction } from "@/lib/portal/actions/settlement-actions";

import styles from "./settle.module.css";

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set("voidId", voidId);
    data.set("environment", environment);
    startTransition(async () => {
      const answer = await settleVoidAction(data);
      setResult(answer);
      if (answer.ok) router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className={styles.form} data-testid="settle-form">
      <fieldset className={styles.outcomes}>
        <legend>{t.legend}</legend>
        <label className={styles.choice}>
          <input type="radio" name="outcome" value="Aceptado" required data-testid="settle-aceptado" />
          {t.aceptado}
        </label>
        <label className={styles.choice}>
          <input type="radio" name="outcome" value="Rechazado" data-testid="settle-rechazado" />
          {t.rechazado}
        </label>
      </fieldset>
      <TextareaField
        label={t.note}
        hint={t.noteHint}
        name="note"
        required
        maxLength={2000}
        rows={3}
        data-testid="settle-note"
      />
      <InputField
        label={t.evidence}
        hint={t.evidenceHint}
        name="evidence"
        type="file"
        accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
        data-testid="settle-evidence"
      />
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
