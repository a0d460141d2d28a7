"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { CheckboxField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { setRequireSecondFactorAction } from "@/lib/portal/actions/organization-actions";

/** The organization's rule: a second factor for its administrators and approvers. */
export function SecondFactorSetting({
  required,
  t,
}: {
  required: boolean;
  t: Dictionary["organization"]["secondFactor"];
}) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="stack">
      {message ? (
        <Banner tone="success" role="status" testId="second-factor-rule-result">
          <p>{message}</p>
        </Banner>
      ) : null}
      <CheckboxField
        name="requireSecondFactor"
        checked={required}
        disabled={pending}
        data-testid="require-second-factor"
        onChange={(event) => {
          const next = event.target.checked;
          startTransition(async () => {
            const result = await setRequireSecondFactorAction(next);
            setMessage(result.message);
            router.refresh();
          });
        }}
      >
        {t.label}
      </CheckboxField>
      <p className="muted">{t.hint}</p>
    </div>
  );
}
