"use client";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { changeOwnPasswordAction } from "@/lib/portal/actions/account-actions";

import { checkNewPasswordFields, NewPasswordFields, usePasswordForm } from "./new-password-fields";

/**
 * The person's own password: current, new and its repetition. The change ends every session (this
 * one too), so success leads to the sign-in page with a notice.
 */
export function PasswordForm({ t }: { t: Dictionary["account"]["password"] }) {
  const { errors, pending, onSubmit } = usePasswordForm(
    (data) => ({
      currentPassword: String(data.get("currentPassword") ?? "") ? undefined : t.required,
      ...checkNewPasswordFields(data, t),
    }),
    changeOwnPasswordAction,
    "passwordChanged",
  );

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
