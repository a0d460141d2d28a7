"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import { IrreversibleConfirmDialog } from "@/components/ui/irreversible-confirm-dialog";
import { prettyPrintXml } from "@/lib/domain/anecf-xml";
import type { Locale } from "@/lib/domain/locale";
import { format, formatCurrency, type Dictionary } from "@/lib/i18n";
import {
  issueCreditNoteAction,
  prepareCreditNoteAction,
  type CreditNoteFailure,
  type CreditNotePreview,
} from "@/lib/portal/actions/credit-note-actions";

type Strings = Dictionary["creditNote"]["tool"];

/** The XML wraps inside the card (a phone's width included) and scrolls when long. */
const PRE_STYLE = {
  whiteSpace: "pre-wrap",
  wordBreak: "break-all",
  maxHeight: "24rem",
  overflow: "auto",
} as const;

/**
 * The credit note for an accepted e-CF issued here: the clerk writes the reason, the portal prepares
 * the note (nothing signed, no number taken) and shows it with its unsigned XML; Emitir asks once
 * more, like a void, then the note takes the next free number of the reserved E34 sub-range and is
 * issued; the clerk lands on its page. `admin`: a missing or used-up sub-range links to the setting.
 */
export function CreditNoteTool(props: {
  encf: string;
  t: Strings;
  confirm: Dictionary["voidTool"]["confirm"];
  locale: Locale;
  production: boolean;
  admin: boolean;
}) {
  const { t, encf } = props;
  const router = useRouter();
  const [reason, setReason] = useState("");
  const [empty, setEmpty] = useState(false);
  const [preview, setPreview] = useState<CreditNotePreview | null>(null);
  const [refused, setRefused] = useState<CreditNoteFailure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const money = (value: string) => formatCurrency(Number(value), props.locale);

  const prepare = () => {
    setEmpty(reason.trim() === "");
    if (reason.trim() === "") return;
    startTransition(async () => {
      const answer = await prepareCreditNoteAction(encf, reason);
      setPreview(answer.ok ? answer.preview : null);
      setRefused(answer.ok ? null : answer);
    });
  };
  const issue = () =>
    startTransition(async () => {
      const answer = await issueCreditNoteAction(encf, reason);
      if (answer.ok) {
        router.push(answer.href);
        return;
      }
      setConfirming(false);
      setRefused(answer);
    });

  return (
    <Card title={t.title} data-testid="credit-note-tool">
      <p>{t.intro}</p>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          prepare();
        }}
      >
        <InputField
          label={t.reason}
          hint={t.reasonHint}
          name="reason"
          value={reason}
          maxLength={90}
          onChange={(event) => {
            setReason(event.target.value);
            setPreview(null);
          }}
          error={empty ? t.reasonRequired : undefined}
          data-testid="credit-note-reason"
        />
        <div className="row">
          <Button type="submit" variant="secondary" disabled={pending} data-testid="credit-note-prepare">
            {t.prepare}
          </Button>
        </div>
      </form>
      {refused ? (
        <Banner tone="danger" role="alert" testId="credit-note-refused">
          <p>{refused.message}</p>
          {refused.range ? (
            props.admin ? (
              <p>
                <Link href="/sequences#credit-note-ranges">{t.missingRangeAdmin}</Link>
              </p>
            ) : (
              <p>{t.missingRangeAsk}</p>
            )
          ) : null}
        </Banner>
      ) : null}
      {preview ? (
        <section className="stack" data-testid="credit-note-preview" aria-label={t.summaryTitle}>
          <h3>{t.summaryTitle}</h3>
          <dl className="dl">
            <dt>{t.fields.number}</dt>
            <dd data-testid="credit-note-number">{format(t.numberNote, { encf: preview.noteEncf })}</dd>
            <dt>{t.fields.original}</dt>
            <dd className="mono">{preview.originalEncf}</dd>
            <dt>{t.fields.buyer}</dt>
            <dd>{preview.buyer ?? "—"}</dd>
            <dt>{t.fields.fechaOriginal}</dt>
            <dd className="mono">{preview.fechaOriginal ?? "—"}</dd>
            <dt>{t.fields.codigo}</dt>
            <dd>{preview.codigoModificacion}</dd>
            <dt>{t.fields.indicador}</dt>
            <dd data-testid="credit-note-indicator">{preview.indicadorNotaCredito}</dd>
            <dt>{t.fields.total}</dt>
            <dd data-testid="credit-note-total">{money(preview.total)}</dd>
            <dt>{t.fields.itbis}</dt>
            <dd>{money(preview.itbis)}</dd>
            <dt>{t.fields.basis}</dt>
            <dd>{t.basis[preview.basis]}</dd>
            <dt>{t.fields.reason}</dt>
            <dd>{preview.reason}</dd>
          </dl>
          <details>
            <summary>{t.xml}</summary>
            <pre className="mono" data-testid="credit-note-xml" tabIndex={0} style={PRE_STYLE}>
              {prettyPrintXml(preview.xml)}
            </pre>
          </details>
          <div className="row">
            <Button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={pending}
              data-testid="credit-note-issue"
            >
              {t.issue}
            </Button>
          </div>
        </section>
      ) : null}
      <IrreversibleConfirmDialog
        open={confirming && preview !== null}
        title={format(t.confirmTitle, { encf })}
        locale={props.locale}
        strings={props.confirm}
        production={props.production}
        total={1}
        submitLabel={t.confirmSubmit}
        submitTestId="credit-note-confirm"
        sending={pending}
        sendingText={t.sending}
        onCancel={() => setConfirming(false)}
        onConfirm={issue}
      >
        <p>{format(t.confirmText, { total: preview ? money(preview.total) : "" })}</p>
      </IrreversibleConfirmDialog>
    </Card>
  );
}
