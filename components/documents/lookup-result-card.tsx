import type { Locale } from "@/lib/domain/locale";
import { format, type Dictionary } from "@/lib/i18n";
import type { LookupResult } from "@/lib/portal/document-lookup";

import { DocumentCard, MalformedCard, NotFoundCard } from "./document-card";

export interface LookupResultCardProps {
  result: LookupResult;
  environment: string;
  t: Dictionary["documents"];
  finding: Dictionary["finding"]["documents"];
  statusLabels: Dictionary["status"];
  locale: Locale;
}

/** One answer of the lookup, the same card for the single and the batch form. */
export function LookupResultCard({
  result,
  environment,
  t,
  finding,
  statusLabels,
  locale,
}: LookupResultCardProps) {
  if (result.kind === "found")
    return (
      <DocumentCard
        document={result.document}
        t={t}
        received={finding.received}
        statusLabels={statusLabels}
        locale={locale}
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
      statusLabel={statusLabels["No encontrado"]}
      voided={result.voided}
      voidLink={finding.voidLink}
    />
  );
}
