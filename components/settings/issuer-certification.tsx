"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/use-confirm";
import { format, type Dictionary } from "@/lib/i18n";
import { recordIssuerCertificationAction } from "@/lib/portal/actions/settings-actions";

/**
 * Whether DGII's certification of the company as an electronic issuer is recorded (what eCF issuing
 * needs), and for administrators the button that records or withdraws it, after a confirmation.
 */
export function IssuerCertification({
  certification,
  canEdit,
  t,
  dialogs,
}: {
  certification: { date: string; by: string } | null;
  canEdit: boolean;
  t: Dictionary["settings"]["issuerCertification"];
  /** The confirmation's title and buttons. */
  dialogs: Dictionary["dialogs"];
}) {
  const router = useRouter();
  const [confirmDialog, confirm] = useConfirm();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();

  async function onChange(certified: boolean) {
    const words = certified ? dialogs.issuerRecord : dialogs.issuerWithdraw;
    const yes = await confirm({
      title: words.title,
      message: certified ? t.confirmRecord : t.confirmWithdraw,
      confirmLabel: words.confirm,
      cancelLabel: dialogs.cancel,
      danger: true,
      confirmTestId: "issuer-certification-confirm",
    });
    if (!yes) return;
    startTransition(async () => {
      setResult(await recordIssuerCertificationAction(certified));
      router.refresh();
    });
  }

  return (
    <div className="stack">
      {confirmDialog}
      <p className="muted">{t.intro}</p>
      <p data-testid="issuer-certification-state">
        {certification ? format(t.certified, certification) : t.notCertified}
      </p>
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="issuer-certification-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      {canEdit ? (
        <div>
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => onChange(!certification)}
            data-testid="issuer-certification-toggle"
          >
            {certification ? t.withdraw : t.record}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
