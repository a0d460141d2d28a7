"use client";

import { useEffect, useState, type ReactNode } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Table } from "@/components/ui/table";
import { ecfTypeName } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import type { VoidReason } from "@/lib/domain/void-reasons";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";

import { ReasonFacts } from "@/components/voids/void-reason";

import styles from "./confirm-dialog.module.css";
import summaryStyles from "./void-summary.module.css";
import { XmlPreview } from "./xml-preview";

type VoidToolStrings = Dictionary["voidTool"];

interface ConfirmDialogProps {
  open: boolean;
  environment: Environment;
  rnc: string;
  plan: VoidPlan;
  locale: Locale;
  strings: VoidToolStrings;
  sending: boolean;
  /** The reason chosen in the tool, repeated here before the irreversible step. */
  reason?: VoidReason | null;
  /** Extra content above the buttons: the warnings (Error overlaps) and a failure, if any. */
  children?: ReactNode;
  /** Confirm stays disabled while false (e.g. an Error overlap not yet acknowledged). */
  canConfirm: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Mounted while sending: elapsed seconds, so a slow authority does not look like a frozen page. */
function SendingProgress({ t, locale }: { t: VoidToolStrings["confirm"]; locale: Locale }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.sending} role="status" aria-live="polite">
      <Spinner />
      <span>{format(t.sending, { seconds: formatNumber(seconds, locale) })}</span>
      <span className="muted">{t.sendingNote}</span>
    </div>
  );
}

/**
 * The last step: environment, RNC, fecha, count per type and total, irreversibility in plain words.
 * In eCF (production) the user types the total to enable the button. The ui Dialog (native modal)
 * traps focus and closes with Escape (except while sending). Mount it with a new key per review so
 * the typed total starts empty each time.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, environment, rnc, plan, locale, strings, sending } = props;
  const t = strings.confirm;
  const [typed, setTyped] = useState("");
  const [showXml, setShowXml] = useState(false);
  const production = environment === "eCF";
  const totalText = formatNumber(plan.totalVoided, locale);
  const typedOk = !production || typed.replace(/[^0-9]/g, "") === String(plan.totalVoided);

  return (
    <Dialog
      open={open}
      title={t.title}
      danger={production}
      onCancel={() => {
        if (!sending) props.onCancel();
      }}
      buttons={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={sending}>
            {t.cancel}
          </Button>
          <Button
            variant="danger"
            onClick={props.onConfirm}
            disabled={sending || !typedOk || !props.canConfirm}
            aria-busy={sending || undefined}
          >
            {plural(t.submit, plan.totalVoided, locale)}
          </Button>
        </>
      }
    >
      {production && (
        <p className={styles.productionBanner} role="note">
          {t.production}
        </p>
      )}
      <dl className={`dl ${styles.facts}`}>
        <dt>{t.environment}</dt>
        <dd data-testid="confirm-environment">{environment}</dd>
        <dt>{t.rnc}</dt>
        <dd className="mono">{rnc}</dd>
        <dt>{t.fecha}</dt>
        <dd className="mono">{plan.fechaHoraAnulacion}</dd>
        {props.reason !== undefined && <ReasonFacts reason={props.reason} t={strings.reasons} />}
      </dl>
      <Table compact caption={t.perType}>
        <tbody>
          {plan.blocks.map((block) => (
            <tr key={block.tipoeCF}>
              <th scope="row">
                <span className={summaryStyles.typeCode}>{block.tipoeCF}</span>{" "}
                {ecfTypeName(block.tipoeCF, locale)}
              </th>
              <td className="num">{formatNumber(block.cantidad, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.total}</th>
            <td className="num" data-testid="confirm-total">
              {totalText}
            </td>
          </tr>
        </tfoot>
      </Table>
      <Banner tone="danger">
        <p className={styles.irreversible}>{t.irreversible}</p>
      </Banner>
      <div>
        <Button variant="link" onClick={() => setShowXml((v) => !v)} aria-expanded={showXml}>
          {t.showXml}
        </Button>
      </div>
      {showXml && <XmlPreview rnc={rnc} plan={plan} locale={locale} t={strings.preview} />}
      {production && (
        // Named "Total de secuencias" (e2e tests find it so); the instruction is its hint.
        <InputField
          label={t.typeTotalLabel}
          hint={format(t.typeTotal, { total: totalText })}
          className={styles.typedTotal}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          disabled={sending}
        />
      )}
      {props.children}
      {sending && <SendingProgress t={t} locale={locale} />}
    </Dialog>
  );
}
