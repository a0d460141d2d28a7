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
} from "@/lib/portal/actions/account-actions";

type Notice = { ok: boolean; message: string } | null;

/**
 * The person's TOTP second factor: set up (QR code drawn on the server, or the key typed by hand,
 * then a code to prove the app has it) or turned off with a current code.
 */
export function SecondFactorPanel({ on, t }: { on: boolean; t: Dictionary["account"]["secondFactor"] }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>(null);
  const [enrollment, setEnrollment] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
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

  function submitCode(event: FormEvent<HTMLFormElement>, action: (code: string) => Promise<Notice & object>) {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get("code") ?? "").replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t.codeRequired);
      return;
    }
    setCodeError(undefined);
    startTransition(async () => {
      const result = await action(code);
      setNotice(result);
      if (result.ok) {
        setEnrollment(null);
        form.reset();
        router.refresh();
      }
    });
  }

  const codeField = (
    <InputField
      label={t.code}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      required
      error={codeError}
    />
  );

  return (
    <div className="stack" data-testid="second-factor">
      {notice ? (
        <Banner tone={notice.ok ? "success" : "danger"} role="alert" testId="second-factor-result">
          <p>{notice.message}</p>
        </Banner>
      ) : null}
      <p data-testid="second-factor-state">{on ? t.on : t.off}</p>
      {on ? (
        <form
          method="post"
          className="stack"
          noValidate
          data-testid="second-factor-disable"
          onSubmit={(event) => submitCode(event, disableOwnTotpAction)}
        >
          <p className="muted">{t.disableHint}</p>
          {codeField}
          <div>
            <Button type="submit" variant="danger" disabled={pending}>
              {t.disable}
            </Button>
          </div>
        </form>
      ) : enrollment ? (
        <form
          method="post"
          className="stack"
          noValidate
          data-testid="second-factor-enroll"
          onSubmit={(event) => submitCode(event, confirmTotpEnrollmentAction)}
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
          {codeField}
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
