"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import {
  beginTotpEnrollmentAction,
  confirmTotpEnrollmentAction,
  disableOwnTotpAction,
  regenerateRecoveryCodesAction,
} from "@/lib/portal/actions/account-actions";

import { RecoveryCodesShown } from "./recovery-codes-shown";

type Notice = { ok: boolean; message: string } | null;

/**
 * The person's TOTP second factor: set up (QR code drawn on the server, or the key typed by hand,
 * then a code to prove the app has it) or turned off with a current code. Activation and
 * "Generar códigos nuevos" show the recovery codes once.
 */
export function SecondFactorPanel({
  on,
  t,
  recovery,
  email,
  remaining,
  copyFailed,
}: {
  on: boolean;
  t: Dictionary["account"]["secondFactor"];
  recovery: Dictionary["signInRecovery"]["recoveryCodes"];
  email: string;
  /** How many recovery codes are left unused, in words (shown while the second factor is on). */
  remaining: string;
  copyFailed: string;
}) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [enrollment, setEnrollment] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [codeError, setCodeError] = useState<{ form: string; message: string } | undefined>();
  const [pending, startTransition] = useTransition();

  function begin() {
    startTransition(async () => {
      const result = await beginTotpEnrollmentAction();
      if (result.ok) {
        setEnrollment({ secret: result.secret, qrDataUrl: result.qrDataUrl });
        setNotice(null);
      } else setNotice(result);
    });
  }

  function submitCode(
    event: FormEvent<HTMLFormElement>,
    action: (code: string) => Promise<Notice & { recoveryCodes?: string[] }>,
    form: string,
  ) {
    event.preventDefault();
    const element = event.currentTarget;
    const code = String(new FormData(element).get("code") ?? "").replace(/\s+/g, "");
    // The app's 6 digits; once on, a recovery code too (a lost phone: new codes, or turning it off).
    const recoveryShaped = form !== "enroll" && /^[0-9A-Za-z]{10}$/.test(code.replace(/-/g, ""));
    if (!/^\d{6}$/.test(code) && !recoveryShaped) {
      setCodeError({ form, message: t.codeRequired });
      return;
    }
    setCodeError(undefined);
    startTransition(async () => {
      const result = await action(code);
      setNotice({ ok: result.ok, message: result.message });
      if (result.ok) {
        if (result.recoveryCodes?.length) setCodes(result.recoveryCodes);
        setEnrollment(null);
        element.reset();
        router.refresh();
      }
    });
  }

  // One per form (two forms show at once while the second factor is on): distinct ids.
  const codeField = (key: string) => (
    <InputField
      key={key}
      id={`totp-code-${key}`}
      label={t.code}
      name="code"
      inputMode={key === "enroll" ? "numeric" : undefined}
      autoComplete="one-time-code"
      maxLength={key === "enroll" ? 7 : 12}
      required
      error={codeError?.form === key ? codeError.message : undefined}
    />
  );

  // A form asking for a current code before acting on the second factor (new recovery codes, off).
  const codeForm = (form: {
    key: "regenerate" | "disable";
    action: (code: string) => Promise<Notice & { recoveryCodes?: string[] }>;
    hint: string;
    submit: string;
    variant: "secondary" | "danger";
  }) => (
    <form
      method="post"
      className="stack"
      noValidate
      data-testid={form.key === "disable" ? "second-factor-disable" : "recovery-regenerate"}
      onSubmit={(event) => submitCode(event, form.action, form.key)}
    >
      <p className="muted">{form.hint}</p>
      {codeField(form.key)}
      <div>
        <Button type="submit" variant={form.variant} disabled={pending}>
          {form.submit}
        </Button>
      </div>
    </form>
  );

  return (
    <div className="stack" data-testid="second-factor">
      {notice ? (
        <Banner tone={notice.ok ? "success" : "danger"} role="alert" testId="second-factor-result">
          <p>{notice.message}</p>
        </Banner>
      ) : null}
      {codes ? (
        <RecoveryCodesShown
          codes={codes}
          email={email}
          t={recovery}
          copyFailed={copyFailed}
          onDone={() => setCodes(null)}
        />
      ) : null}
      <p data-testid="second-factor-state">{on ? t.on : t.off}</p>
      {on ? (
        <p className="muted" data-testid="recovery-remaining">
          {remaining}
        </p>
      ) : null}
      {on ? (
        <>
          {codeForm({
            key: "regenerate",
            action: regenerateRecoveryCodesAction,
            hint: recovery.regenerateHint,
            submit: recovery.regenerate,
            variant: "secondary",
          })}
          {codeForm({
            key: "disable",
            action: disableOwnTotpAction,
            hint: t.disableHint,
            submit: t.disable,
            variant: "danger",
          })}
        </>
      ) : enrollment ? (
        <form
          method="post"
          className="stack"
          noValidate
          data-testid="second-factor-enroll"
          onSubmit={(event) => submitCode(event, confirmTotpEnrollmentAction, "enroll")}
        >
          <p>{t.scan}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server */}
          <img src={enrollment.qrDataUrl} alt={t.qrLabel} width={200} height={200} data-testid="totp-qr" />
          <p>
            {t.secret}{" "}
            <code className="mono" data-testid="totp-secret">
              {enrollment.secret}
            </code>
          </p>
          {codeField("enroll")}
          <div>
            <Button type="submit" disabled={pending}>
              {t.confirm}
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button type="button" onClick={begin} disabled={pending} data-testid="second-factor-setup">
            {t.setUp}
          </Button>
        </div>
      )}
    </div>
  );
}
