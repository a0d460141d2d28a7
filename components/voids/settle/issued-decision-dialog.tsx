"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField, TextareaField } from "@/components/ui/field";
import { format, type Dictionary } from "@/lib/i18n";
import { decideIssuedReviewAction } from "@/lib/portal/actions/issued-review-actions";
import { DECISION_NOTE_MAX, RECEIVED_ESTADOS } from "@/lib/schemas/issued-review";

import styles from "./settle.module.css";
import { EvidenceFileField } from "./evidence-file-field";

export interface IssuedDecisionDialogProps {
  ecf: string;
  environment: string;
  /** Production: the dialog is framed as a real, final action. */
  production: boolean;
  t: Dictionary["voidSettle"]["issued"];
  cancel: string;
}

type Errors = { decision?: string; trackId?: string; note?: string };

/**
 * The decision on an issued e-CF "Por confirmar": DGII has it (its trackId and estado) or not (the
 * same signed document goes again), a required note and an optional evidence file — the void
 * settlement's fields, in the shared dialog.
 */
export function IssuedDecisionDialog({ ecf, environment, production, t, cancel }: IssuedDecisionDialogProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<"received" | "resend" | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const formId = `issued-decision-${ecf}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // noValidate: the app's own words beside the fields, never the browser's English tooltip.
    const found: Errors = {
      decision: decision ? undefined : t.decisionRequired,
      trackId:
        decision === "received" && String(data.get("trackId") ?? "").trim() === ""
          ? t.trackIdRequired
          : undefined,
      note: String(data.get("note") ?? "").trim() ? undefined : t.noteRequired,
    };
    setErrors(found);
    if (found.decision || found.trackId || found.note) return;
    data.set("ecf", ecf);
    data.set("environment", environment);
    startTransition(async () => {
      const answer = await decideIssuedReviewAction(data);
      setResult(answer);
      if (answer.ok) {
        setOpen(false);
        router.refresh();
      }
    });
  }

  return (
    <>
      <Button
        size="small"
        variant="secondary"
        onClick={() => {
          setResult(null);
          setOpen(true);
        }}
        data-testid="issued-decide-open"
      >
        {t.open}
      </Button>
      {result && !open ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="issued-decision-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <Dialog
        open={open}
        title={format(t.dialogTitle, { ncf: ecf })}
        danger={production}
        onCancel={() => (pending ? undefined : setOpen(false))}
        buttons={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              {cancel}
            </Button>
            <Button type="submit" form={formId} disabled={pending} data-testid="issued-decision-submit">
              {pending ? t.saving : t.submit}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          onSubmit={submit}
          className={styles.form}
          noValidate
          data-testid="issued-decision-form"
        >
          <fieldset
            className={styles.outcomes}
            aria-describedby={errors.decision ? `${formId}-decision-error` : undefined}
          >
            <legend>{t.legend}</legend>
            <label className={styles.choice}>
              <input
                type="radio"
                name="decision"
                value="received"
                onChange={() => setDecision("received")}
                data-testid="issued-decision-received"
              />
              {t.received}
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name="decision"
                value="resend"
                onChange={() => setDecision("resend")}
                data-testid="issued-decision-resend"
              />
              {t.resend}
            </label>
            {errors.decision ? (
              <p className={styles.fieldError} id={`${formId}-decision-error`} role="alert">
                {errors.decision}
              </p>
            ) : null}
          </fieldset>
          {decision === "received" ? (
            <>
              <InputField
                label={t.trackId}
                name="trackId"
                autoComplete="off"
                error={errors.trackId}
                data-testid="issued-decision-trackid"
              />
              <SelectField
                label={t.estado}
                name="estado"
                options={RECEIVED_ESTADOS.map((estado) => ({ value: estado, label: estado }))}
                data-testid="issued-decision-estado"
              />
            </>
          ) : null}
          <TextareaField
            label={t.note}
            hint={t.noteHint}
            name="note"
            maxLength={DECISION_NOTE_MAX}
            rows={3}
            error={errors.note}
            data-testid="issued-decision-note"
          />
          <EvidenceFileField label={t.evidence} hint={t.evidenceHint} testId="issued-decision-evidence" />
          {result && !result.ok ? (
            <Banner tone="danger" role="alert" testId="issued-decision-error">
              <p>{result.message}</p>
            </Banner>
          ) : null}
        </form>
      </Dialog>
    </>
  );
}
