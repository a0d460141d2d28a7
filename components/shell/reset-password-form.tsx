"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { resetPasswordAction } from "@/lib/portal/actions/password-reset-actions";

type Errors = { newPassword?: string; confirmPassword?: string; form?: string };

/**
 * The new password from the e-mailed link: the same rules and words as Mi cuenta's password form.
 * Saving ends every session of the person, so success leads to the sign-in page with a notice.
 */
export function ResetPasswordForm({
  token,
  t,
  password,
}: {
  token: string;
  t: Dictionary["signInRecovery"]["reset"];
  password: Dictionary["account"]["password"];
}) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = String(data.get("newPassword") ?? "");
    const found: Errors = {
      newPassword: next.length >= 8 ? undefined : next ? password.tooShort : password.required,
      confirmPassword: String(data.get("confirmPassword") ?? "") === next ? undefined : password.mismatch,
    };
    setErrors(found);
    if (found.newPassword || found.confirmPassword) return;
    setPending(true);
    try {
      const result = await resetPasswordAction(data);
      if (!result.ok) {
        setErrors({ form: result.message });
        return;
      }
      router.replace("/login?notice=passwordReset");
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" className="stack" onSubmit={onSubmit} noValidate data-testid="reset-form">
      {errors.form ? (
        <Banner tone="danger" role="alert" testId="reset-error">
          <p>{errors.form}</p>
        </Banner>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <InputField
        label={password.new}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        error={errors.newPassword}
      />
      <InputField
        label={password.confirm}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={pending}>
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
