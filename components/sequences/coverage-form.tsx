"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import type { ActionResult } from "@/lib/portal/actions/action-result";
import { setCoverageMarkAction } from "@/lib/portal/actions/sequence-actions";

/** yyyy-MM-ddTHH:mm in Santo Domingo time (UTC−4, no DST) for a datetime-local field. */
function localValue(epochMs: number): string {
  return new Date(epochMs - 4 * 3_600_000).toISOString().slice(0, 16);
}

/** `initial`: the current mark, or the page's render time when there is none. */
export function CoverageForm({ s, initial }: { s: Dictionary["sequences"]["coverage"]; initial: number }) {
  const router = useRouter();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [empty, setEmpty] = useState(false);
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="stack"
      data-testid="coverage-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get("coveredUntil") ?? "");
        // noValidate: an empty (or half-typed) date gets the app's own words, not the browser's tooltip.
        setEmpty(value === "");
        if (value === "") return;
        startTransition(async () => {
          const answer = await setCoverageMarkAction(value);
          setResult(answer);
          if (answer.ok) router.refresh();
        });
      }}
    >
      <InputField
        label={s.label}
        type="datetime-local"
        name="coveredUntil"
        required
        defaultValue={localValue(initial)}
        error={empty ? s.invalid : undefined}
        data-testid="coverage-input"
      />
      <div>
        <Button type="submit" disabled={pending}>
          {s.save}
        </Button>
      </div>
      {result ? (
        <Banner
          tone={result.ok ? "success" : "danger"}
          role={result.ok ? "status" : "alert"}
          testId="coverage-result"
        >
          <p>{result.message}</p>
        </Banner>
      ) : null}
    </form>
  );
}
