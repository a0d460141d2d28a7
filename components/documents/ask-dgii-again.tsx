"use client";

import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import type { Dictionary } from "@/lib/i18n";
import { recheckDocumentAction } from "@/lib/portal/actions/document-actions";
import type { LookupResult } from "@/lib/portal/document-lookup";

/**
 * "Consultar de nuevo en la DGII": forgets DGII's remembered "absent" for the number and looks it up
 * again (recheckDocumentAction); the card then shows the new answer in place.
 */
export function AskDgiiAgain({
  ecf,
  t,
  onResult,
}: {
  ecf: string;
  t: Dictionary["documents"];
  onResult: (result: LookupResult) => void;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="stack">
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={pending}
          aria-busy={pending}
          data-testid="ask-dgii-again"
          onClick={() =>
            startTransition(async () => {
              const outcome = await recheckDocumentAction({ ecf });
              if (outcome.ok) {
                setError(null);
                onResult(outcome.result);
              } else setError(outcome.message);
            })
          }
        >
          {pending ? t.askingDgii : t.askDgiiAgain}
        </Button>
      </div>
      {error ? (
        <Banner tone="danger" role="alert">
          <p>{error}</p>
        </Banner>
      ) : null}
    </div>
  );
}
