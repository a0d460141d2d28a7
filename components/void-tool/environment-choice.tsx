"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import type { Dictionary } from "@/lib/i18n";
import { setEnvironmentAction } from "@/lib/portal/actions/preference-actions";

import styles from "./environment-choice.module.css";

interface EnvironmentChoiceProps {
  environment: Environment;
  t: Dictionary["voidTool"]["environment"];
  disabled?: boolean;
}

/**
 * TesteCF / CerteCF / eCF as a radio group inside the void tool (the shell's EnvironmentPicker is the
 * select in the top bar). It stores the choice with the shell's own action (the portal's environment
 * cookie), so the top bar and this tool always show the same environment.
 */
export function EnvironmentChoice({ environment, t, disabled }: EnvironmentChoiceProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [chosen, setChosen] = useState<Environment>(environment);
  const [failed, setFailed] = useState(false);
  const current = pending ? chosen : environment;

  const choose = (next: Environment) => {
    setChosen(next);
    setFailed(false);
    startTransition(async () => {
      try {
        const result = await setEnvironmentAction(next);
        if (!result.ok) setFailed(true);
      } catch {
        setFailed(true);
      }
      router.refresh();
    });
  };

  return (
    <fieldset className={styles.fieldset} disabled={disabled} aria-busy={pending || undefined}>
      <legend className={styles.legend}>{t.legend}</legend>
      <div className={styles.options}>
        {ENVIRONMENTS.map((env) => (
          <label
            key={env}
            className={[
              styles.option,
              env === "eCF" ? styles.production : "",
              current === env ? styles.checked : "",
            ]
              .filter(Boolean)
              .join(" ")}
          >
            <input
              type="radio"
              name="void-environment"
              value={env}
              checked={current === env}
              onChange={() => choose(env)}
            />
            <span className={styles.name}>{t[env]}</span>
            <span className={styles.hint}>{t[`hint${env}`]}</span>
          </label>
        ))}
      </div>
      {pending && <p className="muted">{t.changing}</p>}
      {failed && (
        <p className={styles.error} role="alert">
          {t.failed}
        </p>
      )}
    </fieldset>
  );
}
