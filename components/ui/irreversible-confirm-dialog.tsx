"use client";

import { useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, type Dictionary } from "@/lib/i18n";

import styles from "./irreversible-confirm-dialog.module.css";
import { useElapsedSeconds } from "./use-elapsed-seconds";

type ConfirmStrings = Pick<
  Dictionary["voidTool"]["confirm"],
  "cancel" | "production" | "typeTotalLabel" | "typeTotal"
>;

export interface IrreversibleConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  locale: Locale;
  strings: ConfirmStrings;
  /** Real and irreversible (eCF): red frame, the production note, and the total must be typed. */
  production: boolean;
  /** The count the user types in production to enable the button. */
  total: number;
  submitLabel: ReactNode;
  submitVariant?: "primary" | "danger";
  submitTestId?: string;
  /** Confirm stays disabled while false (e.g. an Error overlap not yet acknowledged). */
  canConfirm?: boolean;
  sending: boolean;
  /** Shown while sending; `{seconds}` is filled with the seconds since the send began. */
  sendingText: string;
  sendingNote?: string;
  /** Below the typed total, above the progress: warnings and a failure, if any. */
  footer?: ReactNode;
  onCancel(): void;
  onConfirm(): void;
  /** What will happen: the facts, above the typed total. */
  children: ReactNode;
}

/** Mounted while sending: elapsed seconds, so a slow authority does not look like a frozen page. */
function SendingProgress({ text, note, locale }: { text: string; note?: string; locale: Locale }) {
  const seconds = useElapsedSeconds();
  return (
    <div className={styles.sending} role="status" aria-live="polite">
      <Spinner />
      <span>{format(text, { seconds: formatNumber(seconds, locale) })}</span>
      {note ? <span className="muted">{note}</span> : null}
    </div>
  );
}

/**
 * The last step before something that cannot be undone (a void sent, a request approved). The ui
 * Dialog (native modal) traps focus; Escape and Cancel do nothing while sending. In production the
 * user types the total to enable the button; the typed text starts empty each time it opens.
 */
export function IrreversibleConfirmDialog(props: IrreversibleConfirmDialogProps) {
  const { open, locale, strings, production, total, sending } = props;
  const [typed, setTyped] = useState("");
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTyped("");
  }
  const totalText = formatNumber(total, locale);
  const typedOk = !production || typed.replace(/[^0-9]/g, "") === String(total);
  const canConfirm = props.canConfirm ?? true;

  return (
    <Dialog
      open={open}
      title={props.title}
      danger={production}
      onCancel={() => {
        if (!sending) props.onCancel();
      }}
      buttons={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={sending}>
            {strings.cancel}
          </Button>
          <Button
            variant={props.submitVariant}
            onClick={() => {
              if (typedOk) props.onConfirm();
            }}
            disabled={sending || !typedOk || !canConfirm}
            aria-busy={sending || undefined}
            data-testid={props.submitTestId}
          >
            {props.submitLabel}
          </Button>
        </>
      }
    >
      {production ? (
        <p className={styles.productionBanner} role="note">
          {strings.production}
        </p>
      ) : null}
      {props.children}
      {production ? (
        // Named "Total de secuencias" (e2e tests find it so); the instruction is its hint.
        <InputField
          label={strings.typeTotalLabel}
          hint={format(strings.typeTotal, { total: totalText })}
          className={styles.typedTotal}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          disabled={sending}
        />
      ) : null}
      {props.footer}
      {sending ? <SendingProgress text={props.sendingText} note={props.sendingNote} locale={locale} /> : null}
    </Dialog>
  );
}
