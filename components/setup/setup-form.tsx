"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { unstable_rethrow } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField } from "@/components/ui/field";
import { hasValidCheckDigit, isValidRnc } from "@/lib/domain/rnc";
import { format, type Dictionary } from "@/lib/i18n";
import { completeSetupAction } from "@/lib/portal/actions/setup-actions";
import { setupFormSchema, type SetupFormInput, type SetupFormValues } from "@/lib/schemas/first-run";

import styles from "./setup-form.module.css";

const FIELDS = [
  "token",
  "organizationName",
  "companyName",
  "rnc",
  "confirmCheckDigit",
  "email",
  "name",
  "password",
  "passwordConfirmation",
] as const;

/**
 * The first run: setup token, organization, first company (RNC or cédula: a failing check digit is
 * a warning to confirm, not a refusal) and first administrator. Checked in the browser with the
 * server's own schema; the server action checks again and, on success, sends the browser to /login.
 */
export function SetupForm({ t }: { t: Dictionary["setup"] }) {
  const schema = useMemo(() => setupFormSchema(t.validation), [t]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SetupFormInput, unknown, SetupFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { confirmCheckDigit: false },
  });
  const rnc = (useWatch({ control, name: "rnc" }) ?? "").replace(/[\s-]/g, "");
  const checkDigitFails = isValidRnc(rnc) && !hasValidCheckDigit(rnc);

  async function onSubmit(values: SetupFormValues) {
    setFailure(null);
    try {
      // On success the action redirects to /login; it returns only a refusal.
      const refusal = await completeSetupAction(values);
      if (!refusal) return;
      setFailure(refusal.message);
      for (const field of FIELDS) {
        const message = refusal.fieldErrors[field];
        if (message) setError(field, { message });
      }
    } catch (error) {
      unstable_rethrow(error); // Next's redirect travels as a thrown signal: let it through
      setFailure(t.network);
    }
  }

  return (
    <form className="stack" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="setup-form">
      {failure ? (
        <Banner tone="danger" role="alert" testId="setup-error">
          <p>{failure}</p>
        </Banner>
      ) : null}
      <InputField
        label={t.token}
        hint={t.tokenHint}
        autoComplete="off"
        spellCheck={false}
        error={errors.token?.message}
        {...register("token")}
      />
      <fieldset className={styles.section}>
        <legend>{t.organizationSection}</legend>
        <InputField
          label={t.organizationName}
          hint={t.organizationHint}
          autoComplete="organization"
          error={errors.organizationName?.message}
          {...register("organizationName")}
        />
      </fieldset>
      <fieldset className={styles.section}>
        <legend>{t.companySection}</legend>
        <InputField label={t.companyName} error={errors.companyName?.message} {...register("companyName")} />
        <InputField
          label={t.rnc}
          hint={t.rncHint}
          inputMode="numeric"
          autoComplete="off"
          error={errors.rnc?.message}
          {...register("rnc")}
        />
        {checkDigitFails ? (
          <Banner tone="warning" role="status" testId="setup-check-digit">
            <p>{format(t.checkDigitWarning, { rnc })}</p>
            <CheckboxField {...register("confirmCheckDigit")}>{t.confirmCheckDigit}</CheckboxField>
            {errors.confirmCheckDigit?.message ? (
              <p role="alert">{errors.confirmCheckDigit.message}</p>
            ) : null}
          </Banner>
        ) : null}
      </fieldset>
      <fieldset className={styles.section}>
        <legend>{t.adminSection}</legend>
        <p className="muted">{t.adminHint}</p>
        <InputField
          label={t.email}
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...register("email")}
        />
        <InputField label={t.name} autoComplete="name" error={errors.name?.message} {...register("name")} />
        <InputField
          label={t.password}
          hint={t.passwordHint}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <InputField
          label={t.passwordConfirmation}
          type="password"
          autoComplete="new-password"
          error={errors.passwordConfirmation?.message}
          {...register("passwordConfirmation")}
        />
      </fieldset>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
