"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { TextareaField } from "@/components/ui/field";
import { IrreversibleConfirmDialog } from "@/components/ui/irreversible-confirm-dialog";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { REJECTION_REASON_MAX } from "@/lib/domain/void-requests";
import { formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { approveVoidRequestAction, rejectVoidRequestAction } from "@/lib/portal/actions/approval-actions";

import styles from "./approvals.module.css";

export interface RequestDecisionProps {
  requestId: string;
  environment: Environment;
  environmentLabel: string;
  totalVoided: number;
  requester: string;
  locale: Locale;
  t: Dictionary["approvals"]["detail"];
  /** The void tool's confirmation strings (production note, typed total, cancel). */
  confirm: Dictionary["voidTool"]["confirm"];
  /** What to say when no answer came back (the void may have been sent: look before retrying). */
  network: string;
}

/**
 * An approver's two ways out of a pending request. Approve: a dialog states what will be signed and
 * sent and to which environment — in eCF the total must be typed, as in the void tool — then the
 * server re-runs the checks, signs and sends, and the approver lands on the void's result page.
 * Reject: a required reason. The server checks again that this person may decide.
 */
export function RequestDecision({
  requestId,
  environment,
  environmentLabel,
  totalVoided,
  requester,
  locale,
  t,
  confirm,
  network,
}: RequestDecisionProps) {
  const router = useRouter();
  const [open, setOpen] = useState<"approve" | "reject" | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const close = () => {
    if (busyRef.current) return;
    setOpen(null);
    setFailure(undefined);
  };
  const openDialog = (which: "approve" | "reject") => {
    setReason("");
    setReasonError(undefined);
    setFailure(undefined);
    setOpen(which);
  };

  async function approve() {
    // The dialog calls this only once the total is typed (in eCF).
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await approveVoidRequestAction({ requestId, environment });
      if (result.ok) {
        router.push(`/tools/void-encf/result/${result.voidId}?env=${result.environment}`);
        return; // stays busy until the result page replaces this one
      }
      setFailure(result.message);
      router.refresh();
    } catch {
      setFailure(network);
    }
    busyRef.current = false;
    setBusy(false);
  }

  async function reject() {
    if (busyRef.current) return;
    const text = reason.trim();
    setReasonError(text === "" ? t.rejectReasonRequired : undefined);
    if (text === "") return;
    busyRef.current = true;
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await rejectVoidRequestAction({ requestId, environment, reason: text });
      if (result.ok) {
        setOpen(null);
        router.refresh();
      } else {
        setFailure(result.message);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <div className={styles.decision} data-testid="request-decision">
        <Button variant="danger" onClick={() => openDialog("approve")}>
          {t.approve}
        </Button>
        <Button variant="secondary" onClick={() => openDialog("reject")}>
          {t.reject}
        </Button>
      </div>
      <IrreversibleConfirmDialog
        open={open === "approve"}
        title={t.approveTitle}
        locale={locale}
        strings={confirm}
        production={environment === "eCF"}
        total={totalVoided}
        submitLabel={plural(t.approveSubmit, totalVoided, locale)}
        submitVariant="danger"
        submitTestId="approve-confirm"
        sending={busy && open === "approve"}
        sendingText={t.sending}
        footer={
          failure && open === "approve" ? (
            <Banner tone="danger" role="alert" testId="decision-failure">
              <p>{failure}</p>
            </Banner>
          ) : null
        }
        onCancel={close}
        onConfirm={approve}
      >
        <p data-testid="approve-what">
          {plural(t.approveWhat, totalVoided, locale, { environment: environmentLabel, requester })}
        </p>
        <dl className="dl">
          <dt>{confirm.environment}</dt>
          <dd data-testid="approve-environment">{environment}</dd>
          <dt>{confirm.total}</dt>
          <dd className="num">{formatNumber(totalVoided, locale)}</dd>
        </dl>
        <p className="muted">{t.approveChecks}</p>
        <Banner tone="danger">
          <p>{confirm.irreversible}</p>
        </Banner>
      </IrreversibleConfirmDialog>
      <ConfirmActionDialog
        open={open === "reject"}
        title={t.rejectTitle}
        cancelLabel={confirm.cancel}
        confirmLabel={t.rejectSubmit}
        confirmTestId="reject-confirm"
        pending={busy}
        onCancel={close}
        onConfirm={reject}
      >
        <p>{t.rejectIntro}</p>
        <TextareaField
          label={t.rejectReason}
          hint={t.rejectReasonHint}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REJECTION_REASON_MAX}
          rows={3}
          error={reasonError}
          required
          disabled={busy}
        />
        {failure && open === "reject" ? (
          <Banner tone="danger" role="alert" testId="decision-failure">
            <p>{failure}</p>
          </Banner>
        ) : null}
      </ConfirmActionDialog>
    </>
  );
}
