"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { changeOwnPasswordAction } from "@/lib/portal/actions/account-actions";

import { checkNewPasswordFields, NewPasswordFields } from "./new-password-fields";

type Errors = { currentPassword?: string; newPassword?: string; confirmPassword?: string; form?: string };

/**
 * The person's own password: current, new and its repetition. The change ends every session (this
 * one too), so success leads to the sign-in page with a notice.
 */
export function PasswordForm({ t }: { t: Dictionary["account"]["password"] }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const current = String(data.get("currentPassword") ?? "");
    const found: Errors = {
      currentPassword: current ? undefined : t.required,
      ...checkNewPasswordFields(data, t),
    };
    setErrors(found);
    if (found.currentPassword || found.newPassword || found.confirmPassword) return;
    setPending(true);
    try {
      const result = await changeOwnPasswordAction(data);
      if (!result.ok) {
        setErrors({ form: result.message });
        return;
      }
      router.replace("/login?notice=passwordChanged");
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" className="stack" onSubmit={onSubmit} noValidate data-testid="password-form">
      {errors.form ? (
        <Banner tone="danger" role="alert" testId="password-error">
          <p>{errors.form}</p>
        </Banner>
      ) : null}
      <InputField
        label={t.current}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <NewPasswordFields t={t} errors={errors} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
