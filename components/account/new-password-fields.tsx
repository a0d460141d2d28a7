"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import type { ActionResult } from "@/lib/portal/actions/action-result";

type PasswordStrings = Dictionary["account"]["password"];

export interface NewPasswordErrors {
  newPassword?: string;
  confirmPassword?: string;
}

/** The rules the server applies too (checkNewPassword): at least 8 characters, typed twice alike. */
export function checkNewPasswordFields(data: FormData, t: PasswordStrings): NewPasswordErrors {
  const next = String(data.get("newPassword") ?? "");
  return {
    newPassword: next.length >= 8 ? undefined : next ? t.tooShort : t.required,
    confirmPassword: String(data.get("confirmPassword") ?? "") === next ? undefined : t.mismatch,
  };
}

/**
 * A form that sets a password: checked here first (`check`: field errors), then `action`; its
 * refusal is shown above the form, its success ends every session, so the sign-in page follows with
 * `notice`.
 */
export function usePasswordForm<Errors extends NewPasswordErrors>(
  check: (data: FormData) => Errors,
  action: (data: FormData) => Promise<ActionResult>,
  notice: "passwordChanged" | "passwordReset",
) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors & { form?: string }>({} as Errors);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found = check(data);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    try {
      const result = await action(data);
      if (!result.ok) {
        setErrors({ form: result.message } as Errors & { form?: string });
        return;
      }
      router.replace(`/login?notice=${notice}`);
    } finally {
      setPending(false);
    }
  }

  return { errors, pending, onSubmit };
}

/** A new password and its repetition: Mi cuenta's form and the e-mailed link's page alike. */
export function NewPasswordFields({ t, errors }: { t: PasswordStrings; errors: NewPasswordErrors }) {
  return (
    <>
      <InputField
        label={t.new}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        error={errors.newPassword}
      />
      <InputField
        label={t.confirm}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
