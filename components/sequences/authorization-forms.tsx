"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField, TextareaField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import type { ActionResult } from "@/lib/portal/actions/action-result";
import {
  createAuthorizationAction,
  deleteAuthorizationAction,
  importAuthorizationsCsvAction,
} from "@/lib/portal/actions/sequence-actions";
import { formValues } from "@/components/ui/form-values";

type Strings = Dictionary["sequences"]["authorizations"];

const REQUIRED = ["secuenciaDesde", "secuenciaHasta", "fechaAutorizacion"] as const;

/** noValidate: the app's own words under each empty required field, never the browser's tooltip. */
function missingFields(data: Record<string, string>, s: Strings) {
  const messages = {
    secuenciaDesde: s.desdeRequired,
    secuenciaHasta: s.hastaRequired,
    fechaAutorizacion: s.fechaAutorizacionRequired,
  };
  return Object.fromEntries(
    REQUIRED.filter((name) => !data[name]?.trim()).map((name) => [name, messages[name]]),
  ) as Partial<Record<(typeof REQUIRED)[number], string>>;
}

/** Administrators: one authorization by its fields, or several from a CSV (entered whole or not at all). */
export function AuthorizationForms({ s }: { s: Strings }) {
  const router = useRouter();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [errors, setErrors] = useState<Partial<Record<(typeof REQUIRED)[number], string>>>({});
  const [pending, startTransition] = useTransition();
  const run = (call: () => Promise<ActionResult>, onOk?: () => void) =>
    startTransition(async () => {
      const answer = await call();
      setResult(answer);
      if (answer.ok) {
        onOk?.();
        router.refresh();
      }
    });
  return (
    <div className="stack">
      <form
        className="stack"
        data-testid="authorization-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = formValues(form);
          const missing = missingFields(data, s);
          setErrors(missing);
          if (Object.keys(missing).length > 0) return;
          run(
            () => createAuthorizationAction(data),
            () => form.reset(),
          );
        }}
      >
        <div className="row">
          <InputField
            label={s.desde}
            name="secuenciaDesde"
            required
            spellCheck={false}
            error={errors.secuenciaDesde}
          />
          <InputField
            label={s.hasta}
            name="secuenciaHasta"
            required
            spellCheck={false}
            error={errors.secuenciaHasta}
          />
          <InputField
            label={s.fechaAutorizacion}
            name="fechaAutorizacion"
            required
            error={errors.fechaAutorizacion}
          />
          <InputField label={s.fechaVencimiento} hint={s.fechaVencimientoHint} name="fechaVencimiento" />
          <InputField label={s.nota} name="nota" maxLength={200} />
        </div>
        <div>
          <Button type="submit" disabled={pending}>
            {s.add}
          </Button>
        </div>
      </form>
      <form
        className="stack"
        data-testid="authorization-csv"
        onSubmit={(event) => {
          event.preventDefault();
          const text = String(new FormData(event.currentTarget).get("csv") ?? "");
          run(() => importAuthorizationsCsvAction(text));
        }}
      >
        <TextareaField label={s.csvLabel} name="csv" rows={4} spellCheck={false} />
        <div>
          <Button type="submit" variant="secondary" disabled={pending}>
            {s.csvSubmit}
          </Button>
        </div>
      </form>
      {result ? (
        <Banner
          tone={result.ok ? "success" : "danger"}
          role={result.ok ? "status" : "alert"}
          testId="authorization-result"
        >
          <p>{result.message}</p>
        </Banner>
      ) : null}
    </div>
  );
}

export function DeleteAuthorizationButton({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState("");
  return (
    <>
      <Button
        type="button"
        size="small"
        variant="danger"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const answer = await deleteAuthorizationAction(id);
            if (answer.ok) router.refresh();
            else setMessage(answer.message);
          })
        }
      >
        {label}
      </Button>
      {message ? <span role="alert">{message}</span> : null}
    </>
  );
}
