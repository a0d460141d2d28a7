"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { DayField } from "@/components/ui/day-field";
import { SelectField } from "@/components/ui/field";
import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import { normalizeDay } from "@/lib/domain/fecha";
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
  dayFormat,
}: {
  s: Dictionary["audit"];
  /** common.dayFormat: how the period's days are typed. */
  dayFormat: string;
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
        // Typed dd-mm-aaaa; the shared schema (the API's) reads yyyy-MM-dd.
        for (const key of ["from", "to"] as const) data[key] = normalizeDay(String(data[key] ?? "")) ?? "";
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
        <DayField
          label={s.from}
          format={dayFormat}
          name="from"
          required
          defaultValue={initial.from}
          data-testid="audit-from"
        />
        <DayField
          label={s.to}
          format={dayFormat}
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
