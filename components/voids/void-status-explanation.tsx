import type { ReactNode } from "react";

import { Banner, type Tone } from "@/components/ui/banner";
import type { Dictionary } from "@/lib/i18n";
import { voidStatusMeaning } from "@/lib/i18n/void-status";

const TONE: Record<string, Tone> = { Aceptado: "success", Rechazado: "danger", Error: "warning" };

export interface VoidStatusExplanationProps {
  status: string;
  errorCode?: string | null;
  /** DGII's messages, when known: a rejection for the certificate is explained as such. */
  messages?: readonly string[];
  t: Dictionary["voidStatus"];
  /** Record-specific lines (the error detail, a refresh link) shown inside the same block. */
  children?: ReactNode;
  testId?: string;
}

/**
 * What a void's status means and, for an Error, what to do (the spec's retry rules): one block, worded
 * once in the catalogue, shown by the detail page and the void tool's result page alike.
 */
export function VoidStatusExplanation({
  status,
  errorCode,
  messages,
  t,
  children,
  testId,
}: VoidStatusExplanationProps) {
  const { meaning, reason, steps } = voidStatusMeaning(t, status, errorCode, messages);
  if (status !== "Error") {
    return (
      <Banner tone={TONE[status] ?? "info"} testId={testId}>
        {meaning ? <p>{meaning}</p> : null}
        {children}
      </Banner>
    );
  }
  return (
    <Banner tone="warning" title={t.errorTitle} role="alert" testId={testId}>
      {meaning ? <p>{meaning}</p> : null}
      {reason ? <p>{reason}</p> : null}
      <ol>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {children}
    </Banner>
  );
}
