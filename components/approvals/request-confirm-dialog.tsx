"use client";

import { useState, type ReactNode } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Table } from "@/components/ui/table";
import { XmlPreview } from "@/components/void-tool/xml-preview";
import { ReasonFacts } from "@/components/voids/void-reason";
import { ecfTypeName } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidReason } from "@/lib/domain/void-reasons";
import type { VoidPlan } from "@/lib/domain/void-request";
import { formatNumber, plural, type Dictionary } from "@/lib/i18n";

import { Spinner } from "@/components/ui/spinner";

import styles from "./approvals.module.css";

interface RequestConfirmDialogProps {
  open: boolean;
  environment: Environment;
  rnc: string;
  plan: VoidPlan;
  locale: Locale;
  /** The void tool's strings (facts, per type, XML preview) and approvals' tool strings. */
  strings: Dictionary["voidTool"];
  t: Dictionary["approvals"]["tool"];
  sending: boolean;
  canConfirm: boolean;
  /** The reason chosen in the tool, repeated here as in the void's confirmation. */
  reason?: VoidReason | null;
  /** Warnings (Error overlaps) and a failure, above the buttons, as in the void's confirmation. */
  children?: ReactNode;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * The void tool's last step under an approval policy: the same facts as the void's confirmation
 * (environment, RNC, count per type, the XML), but the button creates a request — nothing is signed
 * or sent, so there is no typed total here; the approver types it when approving in eCF.
 */
export function RequestConfirmDialog(props: RequestConfirmDialogProps) {
  const { open, environment, rnc, plan, locale, strings, t, sending } = props;
  const c = strings.confirm;
  const [showXml, setShowXml] = useState(false);
  return (
    <Dialog
      open={open}
      title={t.dialogTitle}
      onCancel={() => {
        if (!sending) props.onCancel();
      }}
      buttons={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={sending}>
            {c.cancel}
          </Button>
          <Button
            onClick={props.onConfirm}
            disabled={sending || !props.canConfirm}
            aria-busy={sending || undefined}
            data-testid="request-confirm"
          >
            {plural(t.submit, plan.totalVoided, locale)}
          </Button>
        </>
      }
    >
      <Banner tone="info">
        <p>{t.dialogNote}</p>
      </Banner>
      <dl className="dl">
        <dt>{c.environment}</dt>
        <dd data-testid="confirm-environment">{environment}</dd>
        <dt>{c.rnc}</dt>
        <dd className="mono">{rnc}</dd>
        <dt>{c.fecha}</dt>
        <dd>{t.fechaAtApproval}</dd>
        {props.reason !== undefined && <ReasonFacts reason={props.reason} t={strings.reasons} />}
      </dl>
      <Table compact caption={c.perType}>
        <tbody>
          {plan.blocks.map((block) => (
            <tr key={block.tipoeCF}>
              <th scope="row">
                <span className="mono">{block.tipoeCF}</span> {ecfTypeName(block.tipoeCF, locale)}
              </th>
              <td className="num">{formatNumber(block.cantidad, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{c.total}</th>
            <td className="num" data-testid="confirm-total">
              {formatNumber(plan.totalVoided, locale)}
            </td>
          </tr>
        </tfoot>
      </Table>
      <div>
        <Button variant="link" onClick={() => setShowXml((v) => !v)} aria-expanded={showXml}>
          {c.showXml}
        </Button>
      </div>
      {showXml && <XmlPreview rnc={rnc} plan={plan} locale={locale} t={strings.preview} />}
      {props.children}
      {sending ? (
        <div className={styles.sending} role="status" aria-live="polite">
          <Spinner />
          <span>{t.requesting}</span>
        </div>
      ) : null}
    </Dialog>
  );
}
