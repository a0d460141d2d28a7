"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField } from "@/components/ui/field";
import type { Environment } from "@/lib/domain/environments";
import { MIN_APPROVERS } from "@/lib/domain/void-requests";
import { format, type Dictionary } from "@/lib/i18n";
import { setApprovalPolicyAction } from "@/lib/portal/actions/approval-actions";

export interface ApprovalPolicyFormProps {
  environment: Environment;
  /** The environment as the portal names it ("eCF (producción)"). */
  environmentLabel: string;
  enabled: boolean;
  minSequences: number | null;
  /** People of the company who may approve today: under MIN_APPROVERS the server refuses to switch it on. */
  approvers: number;
  t: Dictionary["approvals"]["policy"];
}

/** A number of sequences, or null for blank ("every void"); undefined when it is not a whole number ≥ 1. */
function readMin(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/[,\s]/g, "");
  if (trimmed === "") return null;
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 ? value : undefined;
}

/**
 * One environment's policy, for an administrator: on/off and "only above N sequences". The form
 * says before saving when too few people can approve; the server refuses anyway (APPROVERS_REQUIRED)
 * and that refusal is shown as it comes.
 */
export function ApprovalPolicyForm({
  environment,
  environmentLabel,
  enabled,
  minSequences,
  approvers,
  t,
}: ApprovalPolicyFormProps) {
  const router = useRouter();
  const [on, setOn] = useState(enabled);
  const [min, setMin] = useState(minSequences === null ? "" : String(minSequences));
  const [minError, setMinError] = useState<string>();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [pending, startTransition] = useTransition();
  const tooFew = approvers < MIN_APPROVERS;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = readMin(min);
    setMinError(value === undefined ? t.minInvalid : undefined);
    if (value === undefined) return;
    setResult(undefined);
    startTransition(async () => {
      const answer = await setApprovalPolicyAction({ environment, enabled: on, minSequences: value });
      setResult(answer);
      if (answer.ok) router.refresh();
    });
  }

  const id = `approval-policy-${environment}`;
  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid={id} aria-label={environmentLabel}>
      <CheckboxField
        name="enabled"
        checked={on}
        onChange={(event) => setOn(event.target.checked)}
        aria-describedby={on && tooFew && !enabled ? `${id}-too-few` : undefined}
      >
        {format(t.enabledLabel, { environment: environmentLabel })}
      </CheckboxField>
      {on && tooFew && !enabled ? (
        <p id={`${id}-too-few`} className="muted" data-testid="approvers-too-few-inline">
          {format(t.needsTwo, { approvers })}
        </p>
      ) : null}
      <InputField
        label={t.minLabel}
        hint={t.minHint}
        name="minSequences"
        inputMode="numeric"
        autoComplete="off"
        value={min}
        onChange={(event) => setMin(event.target.value)}
        error={minError}
        disabled={!on}
      />
      <div>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {format(t.save, { environment })}
        </Button>
      </div>
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="approval-policy-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
    </form>
  );
}
