"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { setEnvironmentAction } from "@/lib/portal/actions/preference-actions";
import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import type { VoidToolStrings } from "./strings";
import styles from "./void-tool.module.css";

interface EnvironmentPickerProps {
  environment: Environment;
  t: VoidToolStrings["environment"];
  disabled?: boolean;
}

/**
 * TesteCF / CerteCF / eCF as a radio group. It stores the choice with the shell's own action (the
 * portal's environment cookie), so the top bar and this tool always show the same environment.
 */
export function EnvironmentPicker({ environment, t, disabled }: EnvironmentPickerProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [chosen, setChosen] = useState<Environment>(environment);
  const [error, setError] = useState<string>();
  const current = pending ? chosen : environment;

  const choose = (next: Environment) => {
    setChosen(next);
    setError(undefined);
    startTransition(async () => {
      try {
        const result = await setEnvironmentAction(next);
        if (!result.ok) setError(next);
      } catch (error) {
        setError(String(error));
      }
      router.refresh();
    });
  };

  return (
    <fieldset className={styles.envPicker} disabled={disabled} aria-busy={pending || undefined}>
      <legend className={styles.envLegend}>{t.legend}</legend>
      <div className={styles.envOptions}>
        {ENVIRONMENTS.map((env) => (
          <label
            key={env}
            className={`${styles.envOption} ${env === "eCF" ? styles.envProduction : ""} ${current === env ? styles.envChecked : ""}`}
          >
            <input
              type="radio"
              name="void-environment"
              value={env}
              checked={current === env}
              onChange={() => choose(env)}
            />
            <span className={styles.envName}>{t[env]}</span>
            <span className={styles.envHint}>{t[`hint${env}`]}</span>
          </label>
        ))}
      </div>
      {pending && <p className={styles.muted}>{t.changing}</p>}
      {error && (
        <p className={styles.textError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
