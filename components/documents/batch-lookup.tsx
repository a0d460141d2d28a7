"use client";

import { useActionState } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/field";
import type { Locale } from "@/lib/domain/locale";
import { formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { lookupDocumentsBatchAction, type BatchLookupState } from "@/lib/portal/actions/document-actions";

import { DocumentCard, NotFoundCard } from "./document-card";

export interface BatchLookupProps {
  t: Dictionary["documents"];
  statusLabels: Dictionary["status"];
  locale: Locale;
}

/** Paste up to 100 e-NCF; one answer per entry, in the pasted order. */
export function BatchLookup({ t, statusLabels, locale }: BatchLookupProps) {
  const [state, action, pending] = useActionState<BatchLookupState, FormData>(lookupDocumentsBatchAction, {});
  const found = state.results?.filter((result) => result.found).length ?? 0;
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
            <p>
              <strong>
                {plural(t.results, found, locale, { total: formatNumber(state.results.length, locale) })}
              </strong>
            </p>
            {state.results.map((result, index) =>
              result.document ? (
                <DocumentCard
                  key={index}
                  document={result.document}
                  t={t}
                  statusLabels={statusLabels}
                  locale={locale}
                />
              ) : (
                <NotFoundCard
                  key={index}
                  ecf={result.ecf}
                  environment={state.environment ?? ""}
                  t={t}
                  statusLabel={statusLabels["No encontrado"]}
                />
              ),
            )}
          </>
        ) : null}
      </div>
    </>
  );
}
