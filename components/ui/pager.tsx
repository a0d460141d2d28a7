import type { ReactNode } from "react";

import { ButtonLink } from "./button";

/** One of the pager's links: where it goes and its words (no link: the step is not offered). */
export interface PagerLink {
  href: string;
  label: string;
  testId?: string;
}

export interface PagerProps {
  /** The navigation's accessible name ("Paginación", "Páginas de rangos"). */
  label: string;
  /** Where the page lies in the list ("101–200 de 10,000 rangos"), shown before the links. */
  status?: ReactNode;
  statusTestId?: string;
  first?: PagerLink | null;
  previous?: PagerLink | null;
  next?: PagerLink | null;
}

/**
 * The paging of a long list the server pages (history, a void's ranges): where the page lies, then
 * first / previous / next as links (a page is an address, so the browser's back works too).
 */
export function Pager({ label, status, statusTestId, first, previous, next }: PagerProps) {
  return (
    <nav className="row row-centered spaced" aria-label={label}>
      {status ? (
        <span className="muted" data-testid={statusTestId}>
          {status}
        </span>
      ) : null}
      {first ? (
        <ButtonLink href={first.href} small data-testid={first.testId}>
          {first.label}
        </ButtonLink>
      ) : null}
      {previous ? (
        <ButtonLink href={previous.href} small rel="prev" data-testid={previous.testId}>
          {previous.label}
        </ButtonLink>
      ) : null}
      {next ? (
        <ButtonLink href={next.href} small rel="next" data-testid={next.testId}>
          {next.label}
        </ButtonLink>
      ) : null}
    </nav>
  );
}
