"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";

import type { Environment } from "@/lib/domain/environments";
import { format } from "@/lib/i18n";
import { setEnvironmentAction } from "@/lib/portal/actions/preference-actions";

import styles from "./environment-picker.module.css";

export interface EnvironmentPickerProps {
  environment: Environment;
  label: string;
  options: ReadonlyArray<{ value: Environment; label: string }>;
  hint: string;
  /** Asked before switching to eCF (production); {from} is the current environment. */
  confirmProduction: string;
}

/** The environment every page works in: always visible in the top bar; eCF is styled as production. */
export function EnvironmentPicker({
  environment,
  label,
  options,
  hint,
  confirmProduction,
}: EnvironmentPickerProps) {
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className={styles.picker}>
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
          // Production is never one stray change away: the select stays put unless confirmed.
          if (next === "eCF" && !window.confirm(format(confirmProduction, { from: environment }))) {
            event.target.value = environment;
            return;
          }
          startTransition(async () => {
            await setEnvironmentAction(next);
            router.refresh();
          });
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
