"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { VoidDgiiQuestion } from "@/lib/domain/void-dgii-question";
import type { EvidenceView } from "@/lib/domain/void-settlement";
import { format, type Dictionary } from "@/lib/i18n";
import { askDgiiAboutVoidAction } from "@/lib/portal/actions/void-question-actions";

import { EvidenceLink } from "./evidence-link";

export interface AskDgiiSectionProps {
  voidId: string;
  environment: "TesteCF" | "CerteCF" | "eCF";
  /** The stored answers (oldest first) and the latest one's content. */
  files: EvidenceView[];
  latest: VoidDgiiQuestion | null;
  /** The person may ask (whoever may settle): the button is shown. */
  mayAsk: boolean;
  t: Dictionary["voidSettle"]["askDgii"];
}

/**
 * "Consultar a la DGII" on a void in Error: DGII's answers about the bounds of its ranges, per bound,
 * with the warning that they do not settle it, and the stored answers as downloads to cite.
 */
export function AskDgiiSection({ voidId, environment, files, latest, mayAsk, t }: AskDgiiSectionProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useState<VoidDgiiQuestion | null>(latest);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  function ask() {
    setResult(null);
    startTransition(async () => {
      const answer = await askDgiiAboutVoidAction(voidId, environment);
      if (answer.ok) {
        setShown(answer.question);
        setResult({ ok: true, message: format(t.done, { fileName: answer.evidence.fileName }) });
        router.refresh();
      } else {
        setResult(answer);
      }
    });
  }

  return (
    <section aria-labelledby="ask-dgii-title" data-testid="ask-dgii">
      <h3 id="ask-dgii-title">{t.title}</h3>
      <p>{t.explanation}</p>
      <Banner tone="warning" testId="ask-dgii-caveat">
        <p>{t.caveat}</p>
      </Banner>
      {environment === "CerteCF" ? (
        <p className="muted" data-testid="ask-dgii-not-offered">
          {t.notOffered}
        </p>
      ) : mayAsk ? (
        <div className="row">
          <Button variant="secondary" onClick={ask} disabled={pending} data-testid="ask-dgii-button">
            {pending ? t.asking : t.button}
          </Button>
        </div>
      ) : null}
      {result ? (
        <Banner tone={result.ok ? "info" : "danger"} role="alert" testId="ask-dgii-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      {shown ? <Answers question={shown} t={t} /> : null}
      {files.length > 0 ? (
        <div data-testid="ask-dgii-files">
          <p>{t.stored}</p>
          <ul>
            {files.map((file) => (
              <li key={file.id}>
                <EvidenceLink
                  voidId={voidId}
                  file={file}
                  label={format(t.download, { fileName: file.fileName })}
                  testId="ask-dgii-download"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function Answers({ question, t }: { question: VoidDgiiQuestion; t: AskDgiiSectionProps["t"] }) {
  return (
    <>
      {question.rangesAsked < question.rangeCount ? (
        <p className="muted" data-testid="ask-dgii-capped">
          {format(t.capped, { asked: question.rangesAsked, total: question.rangeCount })}
        </p>
      ) : null}
      <Table compact caption={format(t.caption, { at: formatFechaHora(Date.parse(question.askedAt)) })}>
        <thead>
          <tr>
            <th scope="col">{t.columns.encf}</th>
            <th scope="col">{t.columns.bound}</th>
            <th scope="col">{t.columns.range}</th>
            <th scope="col">{t.columns.answer}</th>
          </tr>
        </thead>
        <tbody>
          {question.answers.map((answer, index) => (
            <tr key={index} data-testid="ask-dgii-answer">
              <td className="mono">{answer.encf}</td>
              <td>{t.bounds[answer.bound]}</td>
              <td className="mono">
                {format(t.range, { desde: answer.secuenciaDesde, hasta: answer.secuenciaHasta })}
              </td>
              <td>
                {answer.trackIds.length === 0
                  ? t.notListed
                  : answer.trackIds.map((entry) => (
                      <div key={entry.trackId}>
                        {format(t.listed, { trackId: entry.trackId, estado: entry.estado || t.noEstado })}
                      </div>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
