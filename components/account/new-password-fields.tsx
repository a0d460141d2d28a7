import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";

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
