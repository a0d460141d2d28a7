"use client";

import { useActionState, useId } from "react";

import { Banner } from "@/components/ui/banner";
import type { Locale } from "@/lib/domain/locale";
import { format, type Dictionary } from "@/lib/i18n";
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
  const id = useId();
  const found = state.results?.filter((result) => result.found).length ?? 0;
  return (
    <>
      <form action={action} className="stack" data-testid="batch-lookup">
        <div className="field">
          <label htmlFor={id}>{t.batchLabel}</label>
          <textarea
            id={id}
            name="ecfs"
            rows={6}
            defaultValue={state.text ?? ""}
            aria-describedby={`${id}-hint`}
            spellCheck={false}
          />
          <span className="hint" id={`${id}-hint`}>
            {t.batchHint}
          </span>
        </div>
        <div>
          <button type="submit" className="btn" disabled={pending}>
            {t.batchSubmit}
          </button>
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
              <strong>{format(t.results, { found, total: state.results.length })}</strong>
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
