import { Banner } from "@/components/ui/banner";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import { StatusBadge } from "@/components/ui/status-badge";
import type { Dictionary } from "@/lib/i18n";

import { ShortVoidId } from "./short-void-id";

/** One attempt that holds the searched number, as the page prepared it (translated, formatted). */
export interface VoidSearchHit {
  voidId: string;
  status: string;
  statusLabel: string;
  fecha: string;
  range: string;
  excepted: boolean;
  href: string;
}

export type VoidSearchResult =
  | {
      kind: "hits";
      encf: string;
      hits: VoidSearchHit[];
      voided: boolean;
      truncated: string | null;
      summary: string;
    }
  | { kind: "invalid"; message: string };

export interface VoidSearchProps {
  encf: string;
  environment: string;
  result: VoidSearchResult | null;
  t: Dictionary["finding"]["search"];
  /** The copy button's words (the hits show the short id with a copy button, as the history rows). */
  copy: { label: string; copied: string };
}

/** "¿Está anulado este e-NCF?": a GET form (the e-NCF in the URL) and its answer. */
export function VoidSearch({ encf, environment, result, t, copy }: VoidSearchProps) {
  return (
    <Card>
      <form method="get" action="/voids" className="row" role="search" data-testid="void-search">
        <input type="hidden" name="env" value={environment} />
        <InputField
          label={t.label}
          name="encf"
          defaultValue={encf}
          hint={t.hint}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          error={result?.kind === "invalid" ? result.message : undefined}
        />
        <Button type="submit">{t.submit}</Button>
        {encf ? (
          <ButtonLink href={`/voids?env=${environment}`} plain>
            {t.clear}
          </ButtonLink>
        ) : null}
      </form>
      {result?.kind === "hits" ? (
        <section aria-live="polite" data-testid="void-search-result" data-voided={String(result.voided)}>
          <p>
            <strong>{result.summary}</strong>
          </p>
          {result.hits.length > 0 ? (
            <>
              <Banner tone={result.voided ? "success" : "warning"}>
                <p>{result.voided ? t.voided : t.notVoided}</p>
              </Banner>
              <ul className="stack">
                {result.hits.map((hit) => (
                  <li
                    key={hit.voidId}
                    className="row"
                    data-testid="void-search-hit"
                    data-void-id={hit.voidId}
                  >
                    <StatusBadge status={hit.status} label={hit.statusLabel} />
                    <ShortVoidId voidId={hit.voidId} href={hit.href} copy={copy} />
                    <span className="muted">{hit.fecha}</span>
                    <span className="muted">{t.range}</span>
                    <span className="mono">{hit.range}</span>
                    {hit.excepted ? <span className="muted">{t.excepted}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {result.truncated ? <p className="muted">{result.truncated}</p> : null}
        </section>
      ) : null}
    </Card>
  );
}
