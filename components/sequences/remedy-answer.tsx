import Link from "next/link";
import { Fragment } from "react";

import { Card } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import type { Environment } from "@/lib/domain/environments";
import type { Dictionary } from "@/lib/i18n";
import type { RemedyView } from "@/lib/portal/remedy-view";

import { RemedyVoidButton } from "./remedy-void-button";

type Strings = Dictionary["remedy"];

/** Fields written as DGII reads them (an e-NCF, a date dd-MM-yyyy). */
const MONO = new Set(["NCFModificado", "FechaNCFModificado"]);

/**
 * The remedy for one e-NCF as a card: the headline, what to do (a credit note's fields, the unmet
 * checks, the links), then "Lo que se comprobó" with when. The void tool only opens on the clerk's
 * press; nothing here acts by itself.
 */
export function RemedyAnswer({
  view,
  r,
  environment,
  canVoid,
}: {
  view: RemedyView;
  r: Strings;
  environment: Environment;
  canVoid: boolean;
}) {
  return (
    <>
      <Card title={view.title} data-testid="remedy-answer" data-kind={view.kind} data-encf={view.encf}>
        <p data-testid="remedy-headline">
          <strong>{view.headline}</strong>
        </p>
        {view.paragraphs.map((paragraph) => (
          <p key={paragraph} data-testid="remedy-text">
            {paragraph}
          </p>
        ))}
        {view.facts.length > 0 ? (
          <dl className="dl" data-testid="remedy-credit-note">
            {view.facts.map((fact) => (
              <Fragment key={fact.key}>
                <dt>{fact.label}</dt>
                <dd
                  data-testid={`remedy-field-${fact.key}`}
                  className={MONO.has(fact.key) ? "mono" : undefined}
                >
                  {fact.value}
                </dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
        {view.earlier.length > 0 ? (
          <>
            <p>{r.creditNote.earlier}</p>
            <ul data-testid="remedy-earlier-notes">
              {view.earlier.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
        {view.unmet.length > 0 ? (
          <ul data-testid="remedy-unmet">
            {view.unmet.map((unmet) => (
              <li key={`${unmet.check}:${unmet.reason}`} data-check={unmet.check} data-reason={unmet.reason}>
                {unmet.text}
              </li>
            ))}
          </ul>
        ) : null}
        {view.offersVoid ? (
          canVoid ? (
            <div className="stack">
              <div className="row">
                <RemedyVoidButton encf={view.encf} environment={environment} label={r.void.open} />
              </div>
              <p className="muted">{r.void.openNote}</p>
            </div>
          ) : (
            <p data-testid="remedy-no-void">{r.void.noPermission}</p>
          )
        ) : null}
        {view.links.length > 0 ? (
          <ul>
            {view.links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} data-testid={link.testId}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="muted" data-testid="remedy-answered-at">
          {view.answeredAt}
        </p>
      </Card>
      <Card title={r.checks.title} data-testid="remedy-checks">
        <Table caption={r.checks.caption} cards>
          <thead>
            <tr>
              <th scope="col">{r.checks.check}</th>
              <th scope="col">{r.checks.result}</th>
              <th scope="col">{r.checks.at}</th>
            </tr>
          </thead>
          <tbody>
            {view.checks.map((check) => (
              <tr key={check.check} data-testid="remedy-check" data-check={check.check}>
                <td data-label={r.checks.check} data-card="first">
                  {check.name}
                </td>
                <td data-label={r.checks.result}>{check.result}</td>
                <td data-label={r.checks.at} className="mono">
                  {check.at}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </>
  );
}
