"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { LOGIN_RATE_LIMITED } from "@/lib/errors/login-errors";

type LoginStrings = Dictionary["login"];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** next-auth Credentials sign-in without a page reload; errors are plain Spanish, never codes. */
export function LoginForm({ t }: { t: LoginStrings }) {
  const router = useRouter();
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const found = {
      email: email === "" ? t.emailRequired : EMAIL_PATTERN.test(email) ? undefined : t.emailInvalid,
      password: password === "" ? t.passwordRequired : undefined,
    };
    setErrors(found);
    if (found.email || found.password) return;
    setPending(true);
    try {
      const result = await signIn("credentials", { username: email, password, redirect: false });
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
    <form className="stack" onSubmit={onSubmit} noValidate>
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
      <Button type="submit" disabled={pending}>
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
