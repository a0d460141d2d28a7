"use client";

import { useState } from "react";

import type { Locale } from "@/lib/domain/locale";
import { format, type Dictionary } from "@/lib/i18n";
import type { LookupResult } from "@/lib/portal/document-lookup";
import { mayAskDgiiAgain } from "@/lib/portal/document-view";

import { AskDgiiAgain } from "./ask-dgii-again";
import { DocumentCard, MalformedCard, NotFoundCard } from "./document-card";
import { documentStatusLabel } from "@/lib/i18n/document-status";

export interface LookupResultCardProps {
  result: LookupResult;
  environment: string;
  t: Dictionary["documents"];
  finding: Dictionary["finding"]["documents"];
  statusLabels: Dictionary["status"];
  locale: Locale;
}

/**
 * One answer of the lookup, the same card for the single and the batch form. A new answer from
 * "Consultar de nuevo en la DGII" replaces it in place, until the lookup gives this card another one.
 */
export function LookupResultCard({
  result: given,
  environment,
  t,
  finding,
  statusLabels,
  locale,
}: LookupResultCardProps) {
  const [rechecked, setRechecked] = useState<{ of: LookupResult; result: LookupResult } | null>(null);
  const result = rechecked?.of === given ? rechecked.result : given;
  const action = mayAskDgiiAgain(result) ? (
    <AskDgiiAgain ecf={result.ecf} t={t} onResult={(next) => setRechecked({ of: given, result: next })} />
  ) : null;
  if (result.kind === "found")
    return (
      <DocumentCard
        document={result.document}
        t={t}
        received={finding.received}
        statusLabels={statusLabels}
        locale={locale}
        action={action}
      />
    );
  if (result.kind === "malformed")
    return (
      <MalformedCard
        ecf={result.ecf}
        label={finding.malformed}
        explain={format(finding.malformedExplain, { ecf: result.ecf, reason: result.reason })}
      />
    );
  return (
    <NotFoundCard
      ecf={result.ecf}
      environment={environment}
      t={t}
      status={result.status}
      statusLabel={documentStatusLabel(statusLabels, result.status)}
      voided={result.voided}
      voidLink={finding.voidLink}
      dgii={result.dgii}
      action={action}
    />
  );
}
