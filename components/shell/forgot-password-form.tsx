"use client";

import { useState, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { requestPasswordResetAction } from "@/lib/portal/actions/password-reset-actions";

/**
 * Asks for the e-mailed link. The answer is the same whether the e-mail is a person's or not (the
 * server's own words); only the limits answer otherwise.
 */
export function ForgotPasswordForm({
  t,
  emailRequired,
}: {
  t: Dictionary["signInRecovery"]["forgot"];
  emailRequired: string;
}) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!String(data.get("email") ?? "").trim()) {
      setEmailError(emailRequired);
      return;
    }
    setEmailError(undefined);
    setPending(true);
    try {
      setResult(await requestPasswordResetAction(data));
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" className="stack" onSubmit={onSubmit} noValidate data-testid="forgot-form">
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="forgot-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <InputField
        label={t.email}
        name="email"
        type="email"
        autoComplete="username"
        required
        error={emailError}
      />
      <Button type="submit" disabled={pending}>
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
