"use client";

import { useActionState } from "react";

import { Banner } from "@/components/ui/banner";
import { Button, ButtonLink } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/field";
import type { Locale } from "@/lib/domain/locale";
import { formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { lookupDocumentsBatchAction, type BatchLookupState } from "@/lib/portal/actions/document-actions";

import { LookupResultCard } from "./lookup-result-card";

export interface BatchLookupProps {
  t: Dictionary["documents"];
  finding: Dictionary["finding"]["documents"];
  statusLabels: Dictionary["status"];
  locale: Locale;
}

/** Paste up to 100 e-NCF; one answer per entry, in the pasted order. */
export function BatchLookup({ t, finding, statusLabels, locale }: BatchLookupProps) {
  const [state, action, pending] = useActionState<BatchLookupState, FormData>(lookupDocumentsBatchAction, {});
  const found = state.results?.filter((result) => result.kind === "found").length ?? 0;
  const exportHref = state.results
    ? `/documents/export?ecfs=${encodeURIComponent(state.results.map((result) => result.ecf).join(","))}`
    : "";
  return (
    <>
      <form action={action} className="stack" data-testid="batch-lookup">
        <TextareaField
          label={t.batchLabel}
          hint={t.batchHint}
          name="ecfs"
          rows={6}
          defaultValue={state.text ?? ""}
          spellCheck={false}
        />
        <div>
          <Button type="submit" disabled={pending}>
            {t.batchSubmit}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {state.error ? (
          <Banner tone="danger" role="alert">
            <p>{state.error}</p>
          </Banner>
        ) : null}
        {state.results ? (
          <>
            <div className="page-header">
              <p>
                <strong>
                  {plural(t.results, found, locale, { total: formatNumber(state.results.length, locale) })}
                </strong>
              </p>
              <ButtonLink href={exportHref} plain download data-testid="export-documents">
                {finding.exportCsv}
              </ButtonLink>
            </div>
            {state.duplicates ? (
              <p className="muted" data-testid="duplicates-note">
                {plural(finding.duplicates, state.duplicates, locale)}
              </p>
            ) : null}
            {state.results.map((result) => (
              <LookupResultCard
                key={result.ecf}
                result={result}
                environment={state.environment ?? ""}
                t={t}
                finding={finding}
                statusLabels={statusLabels}
                locale={locale}
              />
            ))}
          </>
        ) : null}
      </div>
    </>
  );
}
