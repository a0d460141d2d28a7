"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { format, type Dictionary } from "@/lib/i18n";
import { resendVoidAction } from "@/lib/portal/actions/settlement-actions";

export interface ResendButtonProps {
  voidId: string;
  environment: string;
  /** Production: the dialog is framed as a real, final action. */
  production: boolean;
  t: Dictionary["voidSettle"]["resend"];
  cancel: string;
}

/** "Reenviar el mismo documento": a typed confirmation (REENVIAR or the voidId's last 6 characters), then one resend. */
export function ResendButton({ voidId, environment, production, t, cancel }: ResendButtonProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  function confirm() {
    startTransition(async () => {
      const answer = await resendVoidAction(voidId, environment, typed);
      setResult(answer);
      setOpen(false);
      setTyped("");
      router.refresh();
    });
  }

  return (
    <>
      <p>{t.explanation}</p>
      <div className="row">
        <Button
          variant="secondary"
          onClick={() => {
            setResult(null);
            setOpen(true);
          }}
          data-testid="resend-open"
        >
          {t.open}
        </Button>
      </div>
      {result ? (
        <Banner tone={result.ok ? "info" : "danger"} role="alert" testId="resend-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <Dialog
        open={open}
        title={t.dialogTitle}
        danger={production}
        onCancel={() => (pending ? undefined : setOpen(false))}
        buttons={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              {cancel}
            </Button>
            <Button onClick={confirm} disabled={pending || typed.trim() === ""} data-testid="resend-confirm">
              {pending ? t.sending : t.confirm}
            </Button>
          </>
        }
      >
        <p>{format(t.prompt, { suffix: voidId.slice(-6) })}</p>
        <InputField
          label={t.confirmation}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          data-testid="resend-confirmation"
        />
      </Dialog>
    </>
  );
}
