"use client";

import type { ReactNode } from "react";

import { Banner } from "@/components/ui/banner";
import { IrreversibleConfirmDialog } from "@/components/ui/irreversible-confirm-dialog";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import type { VoidReason } from "@/lib/domain/void-reasons";
import { plural, type Dictionary } from "@/lib/i18n";

import styles from "./confirm-dialog.module.css";
import { PlanReview } from "./plan-review";
import summaryStyles from "./void-summary.module.css";

type VoidToolStrings = Dictionary["voidTool"];

interface ConfirmDialogProps {
  open: boolean;
  environment: Environment;
  rnc: string;
  plan: VoidPlan;
  locale: Locale;
  strings: VoidToolStrings;
  /**
   * Held by the approval policy: the button creates a request instead (the approvals' tool strings).
   * Nothing is signed or sent then, so no production frame and no typed total: the approver types it
   * when approving in eCF.
   */
  request?: Dictionary["approvals"]["tool"];
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

/**
 * The last step: environment, RNC, fecha, count per type and total, irreversibility in plain words.
 * In eCF (production) the user types the total to enable the button (ui IrreversibleConfirmDialog).
 * Mount it with a new key per review so the XML preview starts closed each time.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { environment, plan, locale, strings, request } = props;
  const t = strings.confirm;

  return (
    <IrreversibleConfirmDialog
      open={props.open}
      title={request ? request.dialogTitle : t.title}
      locale={locale}
      strings={t}
      production={!request && environment === "eCF"}
      total={plan.totalVoided}
      submitLabel={plural(request ? request.submit : t.submit, plan.totalVoided, locale)}
      submitVariant={request ? "primary" : "danger"}
      submitTestId={request ? "request-confirm" : undefined}
      canConfirm={props.canConfirm}
      sending={props.sending}
      sendingText={request ? request.requesting : t.sending}
      sendingNote={request ? undefined : t.sendingNote}
      footer={props.children}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      {request ? (
        <Banner tone="info">
          <p>{request.dialogNote}</p>
        </Banner>
      ) : null}
      <PlanReview
        environment={environment}
        rnc={props.rnc}
        plan={plan}
        locale={locale}
        strings={strings}
        fecha={request ? request.fechaAtApproval : plan.fechaHoraAnulacion}
        fechaClassName={request ? undefined : "mono"}
        reason={props.reason}
        factsClassName={request ? undefined : styles.facts}
        codeClassName={request ? "mono" : summaryStyles.typeCode}
        between={
          request ? null : (
            <Banner tone="danger">
              <p className={styles.irreversible}>{t.irreversible}</p>
            </Banner>
          )
        }
      />
    </IrreversibleConfirmDialog>
  );
}
