"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";

import type { Environment } from "@/lib/domain/environments";
import { useConfirm } from "@/components/ui/use-confirm";
import { format } from "@/lib/i18n";
import { setEnvironmentAction } from "@/lib/portal/actions/preference-actions";

import styles from "./environment-picker.module.css";

export interface EnvironmentPickerProps {
  environment: Environment;
  label: string;
  options: ReadonlyArray<{ value: Environment; label: string }>;
  hint: string;
  /** Asked before switching to eCF (production). */
  confirmProduction: string;
  /** Said after it to a person who may void ({from}: the current environment): their draft stays there. */
  confirmProductionDraft?: string;
  /** The confirmation's title and buttons, in the portal's language. */
  dialog: { title: string; confirm: string; cancel: string };
}

/** The environment every page works in: always visible in the top bar; eCF is styled as production. */
export function EnvironmentPicker({
  environment,
  label,
  options,
  hint,
  confirmProduction,
  confirmProductionDraft,
  dialog,
}: EnvironmentPickerProps) {
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirmDialog, confirm] = useConfirm();
  async function choose(next: string) {
    // Production is never one stray change away: the select stays put unless confirmed.
    if (next === "eCF") {
      const yes = await confirm({
        title: dialog.title,
        message: productionQuestion(confirmProduction, confirmProductionDraft, environment),
        confirmLabel: dialog.confirm,
        cancelLabel: dialog.cancel,
        danger: true,
        confirmTestId: "confirm-production",
      });
      if (!yes) return;
    }
    startTransition(async () => {
      await setEnvironmentAction(next);
      router.refresh();
    });
  }
  return (
    <div className={styles.picker}>
      {confirmDialog}
      <label htmlFor={id}>{label}</label>
      <span className={styles.pill} data-environment={environment} data-testid="current-environment">
        {environment}
      </span>
      <select
        id={id}
        value={environment}
        disabled={pending}
        title={hint}
        aria-describedby={`${id}-hint`}
        data-testid="environment-picker"
        onChange={(event) => {
          const next = event.target.value;
          // eCF waits for the confirmation: until then the select keeps showing where the person is.
          if (next === "eCF") event.target.value = environment;
          void choose(next);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="visually-hidden">
        {hint}
      </span>
    </div>
  );
}

/** The question before eCF: the warning, then (for a person who may void) where their draft stays. */
export function productionQuestion(warning: string, draft: string | undefined, from: Environment): string {
  return draft ? `${warning} ${format(draft, { from })}` : warning;
}
