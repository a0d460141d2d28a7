"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { fechaHoraMinutes } from "@/lib/domain/fecha";
import type { Dictionary } from "@/lib/i18n";
import type { ActionResult } from "@/lib/portal/actions/action-result";
import { setCoverageMarkAction } from "@/lib/portal/actions/sequence-actions";

/**
 * `initial`: the current mark, or the page's render time when there is none. Typed dd-mm-aaaa hh:mm
 * in 24 hours (`format` says so): a browser's datetime picker would show its own language's order
 * and a 12-hour clock.
 */
export function CoverageForm({
  s,
  initial,
  format,
}: {
  s: Dictionary["sequences"]["coverage"];
  initial: number;
  format: string;
}) {
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
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={format}
        hint={format}
        name="coveredUntil"
        required
        defaultValue={fechaHoraMinutes(initial)}
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
