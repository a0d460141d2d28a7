"use client";

import { useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Table } from "@/components/ui/table";
import { ReasonFacts } from "@/components/voids/void-reason";
import { ecfTypeName } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import type { VoidReason } from "@/lib/domain/void-reasons";
import { formatNumber, type Dictionary } from "@/lib/i18n";

import { XmlPreview } from "./xml-preview";

type VoidToolStrings = Dictionary["voidTool"];

interface PlanReviewProps {
  environment: Environment;
  rnc: string;
  plan: VoidPlan;
  locale: Locale;
  strings: VoidToolStrings;
  /** The fecha as this step knows it (the plan's, or "at approval"). */
  fecha?: string;
  fechaClassName?: string;
  reason?: VoidReason | null;
  factsClassName?: string;
  /** The type code's look beside its name. */
  codeClassName?: string;
  /** Between the table and the XML toggle (the void's irreversibility). */
  between?: ReactNode;
}

/**
 * The plan as the last step shows it (the void's confirmation and the approval request's): the
 * facts, the count per type with the total, and the XML on demand.
 */
export function PlanReview(props: PlanReviewProps) {
  const { environment, rnc, plan, locale, strings } = props;
  const t = strings.confirm;
  const [showXml, setShowXml] = useState(false);
  return (
    <>
      <dl className={props.factsClassName ? `dl ${props.factsClassName}` : "dl"}>
        <dt>{t.environment}</dt>
        <dd data-testid="confirm-environment">{environment}</dd>
        <dt>{t.rnc}</dt>
        <dd className="mono">{rnc}</dd>
        <dt>{t.fecha}</dt>
        <dd className={props.fechaClassName}>{props.fecha}</dd>
        {props.reason !== undefined && <ReasonFacts reason={props.reason} t={strings.reasons} />}
      </dl>
      <Table compact caption={t.perType}>
        <tbody>
          {plan.blocks.map((block) => (
            <tr key={block.tipoeCF}>
              <th scope="row">
                <span className={props.codeClassName}>{block.tipoeCF}</span>{" "}
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
              {formatNumber(plan.totalVoided, locale)}
            </td>
          </tr>
        </tfoot>
      </Table>
      {props.between}
      <div>
        <Button variant="link" onClick={() => setShowXml((v) => !v)} aria-expanded={showXml}>
          {t.showXml}
        </Button>
      </div>
      {showXml && <XmlPreview rnc={rnc} plan={plan} locale={locale} t={strings.preview} />}
    </>
  );
}
