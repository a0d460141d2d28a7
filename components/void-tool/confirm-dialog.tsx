"use client";

import { useEffect, useRef, useState } from "react";
import { ecfTypeName } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import { format, formatNumber } from "@/lib/i18n";
import type { VoidToolStrings } from "./strings";
import styles from "./void-tool.module.css";
import { XmlPreview } from "./xml-preview";

interface ConfirmDialogProps {
  open: boolean;
  environment: Environment;
  rnc: string;
  plan: VoidPlan;
  locale: Locale;
  strings: VoidToolStrings;
  sending: boolean;
  /** Extra content above the buttons: the warnings (Error overlaps) and a failure, if any. */
  children?: React.ReactNode;
  /** Confirm stays disabled while false (e.g. an Error overlap not yet acknowledged). */
  canConfirm: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Mounted while sending: elapsed seconds, so a slow authority does not look like a frozen page. */
function SendingProgress({ t }: { t: VoidToolStrings["confirm"] }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.sending} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{format(t.sending, { seconds })}</span>
      <span className={styles.muted}>{t.sendingNote}</span>
    </div>
  );
}

/**
 * The last step: environment, RNC, fecha, count per type and total, irreversibility in plain words.
 * In eCF (production) the user types the total to enable the button. A native modal <dialog> traps
 * focus and closes with Escape (except while sending). Mount it with a new key per review so the typed
 * total starts empty each time.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, environment, rnc, plan, locale, strings, sending } = props;
  const t = strings.confirm;
  const ref = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState("");
  const [showXml, setShowXml] = useState(false);
  const production = environment === "eCF";
  const totalText = formatNumber(plan.totalVoided, locale);
  const typedOk = !production || typed.replace(/[^0-9]/g, "") === String(plan.totalVoided);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${production ? styles.dialogProduction : ""}`}
      aria-labelledby="void-confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) props.onCancel();
      }}
    >
      <h2 id="void-confirm-title" className={styles.dialogTitle}>
        {t.title}
      </h2>
      {production && (
        <p className={styles.productionBanner} role="note">
          {t.production}
        </p>
      )}
      <dl className={styles.confirmFacts}>
        <dt>{t.environment}</dt>
        <dd data-testid="confirm-environment">{environment}</dd>
        <dt>{t.rnc}</dt>
        <dd>{rnc}</dd>
        <dt>{t.fecha}</dt>
        <dd>{plan.fechaHoraAnulacion}</dd>
      </dl>
      <table className={styles.summaryTable}>
        <caption className={styles.captionLeft}>{t.perType}</caption>
        <tbody>
          {plan.blocks.map((block) => (
            <tr key={block.tipoeCF}>
              <th scope="row">
                <span className={styles.typeCode}>{block.tipoeCF}</span> {ecfTypeName(block.tipoeCF, locale)}
              </th>
              <td className={styles.num}>{formatNumber(block.cantidad, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.total}</th>
            <td className={styles.num} data-testid="confirm-total">
              {totalText}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.irreversible}>{t.irreversible}</p>
      <button type="button" className={styles.linkButton} onClick={() => setShowXml((v) => !v)}>
        {t.showXml}
      </button>
      {showXml && <XmlPreview rnc={rnc} plan={plan} t={strings.preview} />}
      {production && (
        <label className={styles.typeToConfirm}>
          {format(t.typeTotal, { total: totalText })}
          <input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            aria-label={t.typeTotalLabel}
            disabled={sending}
          />
        </label>
      )}
      {props.children}
      {sending && <SendingProgress t={t} />}
      <div className={styles.dialogButtons}>
        <button type="button" className={styles.secondaryButton} onClick={props.onCancel} disabled={sending}>
          {t.cancel}
        </button>
        <button
          type="button"
          className={`${styles.primaryButton} ${styles.dangerButton}`}
          onClick={props.onConfirm}
          disabled={sending || !typedOk || !props.canConfirm}
          aria-busy={sending || undefined}
        >
          {format(t.submit, { total: totalText })}
        </button>
      </div>
    </dialog>
  );
}
