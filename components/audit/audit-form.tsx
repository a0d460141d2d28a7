"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { InputField, SelectField } from "@/components/ui/field";
import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import type { Dictionary } from "@/lib/i18n";
import { auditPackFormSchema } from "@/lib/schemas/audit-pack";

type ErrorCode = keyof Dictionary["audit"]["errors"];

/**
 * The audit pack's period and environment. The form is a plain GET to /audit/export, so the browser
 * downloads the streamed ZIP itself (nothing buffered in the page); the shared schema checks the
 * period first and says what is wrong in the catalogue's words instead of a failed download.
 */
export function AuditForm({
  s,
  environments,
  environment,
  initial,
}: {
  s: Dictionary["audit"];
  environments: Dictionary["environments"];
  environment: Environment;
  initial: { from: string; to: string };
}) {
  const [error, setError] = useState<ErrorCode | null>(null);
  return (
    <form
      method="get"
      action="/audit/export"
      className="stack"
      noValidate
      data-testid="audit-form"
      onSubmit={(event) => {
        const data = Object.fromEntries(new FormData(event.currentTarget));
        const result = auditPackFormSchema.safeParse(data);
        if (result.success) {
          setError(null);
          return;
        }
        event.preventDefault();
        const code = result.error.issues[0]?.message;
        setError(code === "PERIOD_TOO_LONG" ? "PERIOD_TOO_LONG" : "INVALID_PERIOD");
      }}
    >
      <div className="row">
        <InputField
          label={s.from}
          type="date"
          name="from"
          required
          defaultValue={initial.from}
          data-testid="audit-from"
        />
        <InputField
          label={s.to}
          type="date"
          name="to"
          required
          defaultValue={initial.to}
          hint={s.periodHint}
          error={error ? s.errors[error] : undefined}
          data-testid="audit-to"
        />
        <SelectField
          label={s.environment}
          name="environment"
          defaultValue={environment}
          options={ENVIRONMENTS.map((value) => ({ value, label: environments[value] }))}
          data-testid="audit-environment"
        />
      </div>
      <div>
        <Button type="submit" data-testid="audit-download">
          {s.download}
        </Button>
      </div>
    </form>
  );
}
