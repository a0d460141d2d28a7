"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { createYearEndCloseAction } from "@/lib/portal/actions/year-end-close-actions";

/** Prepares a year-end close of the organization in the portal's environment (its administrators). */
export function CreateYearEndCloseForm({
  environment,
  defaultYear,
  t,
}: {
  environment: string;
  defaultYear: number;
  t: Dictionary["yearEndClose"];
}) {
  const router = useRouter();
  const [year, setYear] = useState(String(defaultYear));
  const [includeSkipped, setIncludeSkipped] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const answer = await createYearEndCloseAction({ environment, year: Number(year), includeSkipped });
      setResult(answer);
      if (answer.ok && answer.closeId) router.push(`/organization/cierre-de-ano?id=${answer.closeId}`);
    });
  }

  return (
    <form className="stack" onSubmit={submit} data-testid="year-end-close-form">
      <InputField
        label={t.year}
        inputMode="numeric"
        value={year}
        onChange={(event) => setYear(event.target.value)}
        data-testid="year-end-close-year"
      />
      <CheckboxField checked={includeSkipped} onChange={(event) => setIncludeSkipped(event.target.checked)}>
        {t.includeSkipped}
      </CheckboxField>
      {result && !result.ok ? (
        <Banner tone="danger" role="alert" testId="year-end-close-form-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <div>
        <Button type="submit" disabled={pending} data-testid="year-end-close-create">
          {t.create}
        </Button>
      </div>
    </form>
  );
}
