"use client";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import {
  checkNewPasswordFields,
  NewPasswordFields,
  usePasswordForm,
} from "@/components/account/new-password-fields";
import type { Dictionary } from "@/lib/i18n";
import { resetPasswordAction } from "@/lib/portal/actions/password-reset-actions";

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
  const { errors, pending, onSubmit } = usePasswordForm(
    (data) => checkNewPasswordFields(data, password),
    resetPasswordAction,
    "passwordReset",
  );

  return (
    <form method="post" className="stack" onSubmit={onSubmit} noValidate data-testid="reset-form">
      {errors.form ? (
        <Banner tone="danger" role="alert" testId="reset-error">
          <p>{errors.form}</p>
        </Banner>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields t={password} errors={errors} />
      <Button type="submit" disabled={pending}>
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
