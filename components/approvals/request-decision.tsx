"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, TextareaField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { REJECTION_REASON_MAX } from "@/lib/domain/void-requests";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
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

/** Seconds since mount, so a slow authority does not look like a frozen page. */
function Elapsed({ template, locale }: { template: string; locale: Locale }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.sending} role="status" aria-live="polite">
      <Spinner />
      <span>{format(template, { seconds: formatNumber(seconds, locale) })}</span>
    </div>
  );
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
  const [typed, setTyped] = useState("");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const production = environment === "eCF";
  const totalText = formatNumber(totalVoided, locale);
  const typedOk = !production || typed.replace(/[^0-9]/g, "") === String(totalVoided);

  const close = () => {
    if (busyRef.current) return;
    setOpen(null);
    setFailure(undefined);
  };
  const openDialog = (which: "approve" | "reject") => {
    setTyped("");
    setReason("");
    setReasonError(undefined);
    setFailure(undefined);
    setOpen(which);
  };

  async function approve() {
    if (busyRef.current || !typedOk) return;
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
      <Dialog
        open={open === "approve"}
        title={t.approveTitle}
        danger={production}
        onCancel={close}
        buttons={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {confirm.cancel}
            </Button>
            <Button
              variant="danger"
              onClick={approve}
              disabled={busy || !typedOk}
              aria-busy={busy || undefined}
              data-testid="approve-confirm"
            >
              {plural(t.approveSubmit, totalVoided, locale)}
            </Button>
          </>
        }
      >
        {production ? (
          <p className={styles.productionBanner} role="note">
            {confirm.production}
          </p>
        ) : null}
        <p data-testid="approve-what">
          {plural(t.approveWhat, totalVoided, locale, { environment: environmentLabel, requester })}
        </p>
        <dl className="dl">
          <dt>{confirm.environment}</dt>
          <dd data-testid="approve-environment">{environment}</dd>
          <dt>{confirm.total}</dt>
          <dd className="num">{totalText}</dd>
        </dl>
        <p className="muted">{t.approveChecks}</p>
        <Banner tone="danger">
          <p>{confirm.irreversible}</p>
        </Banner>
        {production ? (
          <InputField
            label={confirm.typeTotalLabel}
            hint={format(confirm.typeTotal, { total: totalText })}
            className={styles.typedTotal}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            disabled={busy}
          />
        ) : null}
        {failure && open === "approve" ? (
          <Banner tone="danger" role="alert" testId="decision-failure">
            <p>{failure}</p>
          </Banner>
        ) : null}
        {busy && open === "approve" ? <Elapsed template={t.sending} locale={locale} /> : null}
      </Dialog>
      <Dialog
        open={open === "reject"}
        title={t.rejectTitle}
        onCancel={close}
        buttons={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {confirm.cancel}
            </Button>
            <Button
              onClick={reject}
              disabled={busy}
              aria-busy={busy || undefined}
              data-testid="reject-confirm"
            >
              {t.rejectSubmit}
            </Button>
          </>
        }
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
      </Dialog>
    </>
  );
}
