"use client";

import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import {
  LOGIN_OTP_REQUIRED,
  LOGIN_OTP_REUSED,
  LOGIN_OTP_WRONG,
  LOGIN_RATE_LIMITED,
} from "@/lib/errors/login-errors";

type LoginStrings = Dictionary["login"];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/**
 * next-auth Credentials sign-in without a page reload; errors are plain words, never codes. A user
 * with a second factor is asked for its code (the server answers OTP_REQUIRED) and the form signs in
 * again with it (or with a recovery code); a wrong code and a code already used each have their own
 * words under the field. method="post": a submit before hydration never
 * puts the password in a URL.
 */
export function LoginForm({ t }: { t: LoginStrings }) {
  const router = useRouter();
  const [errors, setErrors] = useState<{ email?: string; password?: string; otp?: string; form?: string }>(
    {},
  );
  const [pending, setPending] = useState(false);
  const [otpNeeded, setOtpNeeded] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const otp = String(data.get("otp") ?? "").replace(/\s+/g, "");
    const found = {
      email: email === "" ? t.emailRequired : EMAIL_PATTERN.test(email) ? undefined : t.emailInvalid,
      password: password === "" ? t.passwordRequired : undefined,
      otp: otpNeeded && otp === "" ? t.otpRequired : undefined,
    };
    setErrors(found);
    if (found.email || found.password || found.otp) return;
    setPending(true);
    try {
      const result = await signIn("credentials", {
        username: email,
        password,
        ...(otpNeeded ? { otp } : {}),
        redirect: false,
      });
      if (result?.error === LOGIN_OTP_REQUIRED) {
        setOtpNeeded(true);
        setErrors({ otp: otpNeeded ? t.otpRequired : undefined });
        return;
      }
      if (result?.error === LOGIN_OTP_WRONG || result?.error === LOGIN_OTP_REUSED) {
        setErrors({ otp: result.error === LOGIN_OTP_REUSED ? t.otpReused : t.otpWrong });
        return;
      }
      if (!result || result.error || !result.ok) {
        setErrors({ form: result?.error === LOGIN_RATE_LIMITED ? t.tooManyAttempts : t.invalid });
        return;
      }
      router.replace("/");
      router.refresh();
    } catch {
      setErrors({ form: t.network });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" className="stack" onSubmit={onSubmit} noValidate>
      {errors.form ? (
        <Banner tone="danger" role="alert" testId="login-error">
          <p>{errors.form}</p>
        </Banner>
      ) : null}
      <InputField
        label={t.email}
        name="email"
        type="email"
        autoComplete="username"
        required
        error={errors.email}
      />
      <InputField
        label={t.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      {otpNeeded ? (
        <InputField
          label={t.otp}
          hint={t.otpHint}
          name="otp"
          autoComplete="one-time-code"
          maxLength={12}
          autoFocus
          required
          error={errors.otp}
          data-testid="login-otp"
        />
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? t.submitting : t.submit}
      </Button>
      <p>
        <Link href="/login/forgot" data-testid="login-forgot">
          {t.forgot}
        </Link>
      </p>
    </form>
  );
}
