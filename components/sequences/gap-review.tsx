"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button, ButtonLink } from "@/components/ui/button";
import { CheckboxField, InputField } from "@/components/ui/field";
import { Table } from "@/components/ui/table";
import type { Environment } from "@/lib/domain/environments";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { GapWindow } from "@/lib/domain/gap-deadline";
import { splitIntoVoids, type ProposedRange } from "@/lib/domain/gap-proposal";
import type { GapsPageView, NumberAnswer, RangeAnswer } from "@/lib/domain/ledger-views";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { checkRangesSentAction, selectAllGapsAction } from "@/lib/portal/actions/sequence-actions";

import {
  cutRefused,
  holdsRefused,
  isUsedEstado,
  refusalsOf,
  rowKey as keyOf,
  type Refusal,
  type ReviewRow,
} from "./gap-refusals";
import { GapAge } from "./gap-age";
import { saveGapsDraft } from "./gaps-draft";

type Strings = Dictionary["sequences"]["gaps"];

/**
 * The gaps the ledger proposes, with what was checked for each (coverage mark, quiet period, the
 * higher number that proves it, DGII's consultatrackids answer once asked), a selection, and
 * "Anular estos rangos": the selection as the void tool's draft (several voids past 10,000 ranges of a type).
 * A number DGII says it received leaves the proposal and the selection the moment the answer comes
 * (its own row, never selectable, says why), so the draft can never carry it into the void tool.
 */
export function GapReview({
  s,
  locale,
  environment,
  page,
  canVoid,
  cierreDesde,
  gapWindow,
  now,
}: {
  s: Strings;
  locale: Locale;
  environment: Environment;
  page: GapsPageView;
  canVoid: boolean;
  /** The closing tail asked for (from the URL), already included in `page`. */
  cierreDesde: string;
  /** The company's deadline to void a gap in this environment, or null: none. */
  gapWindow: GapWindow | null;
  /** The server's clock when the page was read (each gap's age counts to it). */
  now: number;
}) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [answers, setAnswers] = useState<Map<string, RangeAnswer>>(() => new Map());
  const [asked, setAsked] = useState<NumberAnswer[]>([]);
  const [refused, setRefused] = useState<ReadonlyMap<string, Refusal>>(() => new Map());
  const [message, setMessage] = useState("");
  /** "Select every gap": all pages gathered server-side; any checkbox change goes back to the table's selection. */
  const [every, setEvery] = useState<{ ranges: ProposedRange[]; capped: boolean; max: number }>();
  const [pending, startTransition] = useTransition();
  const gaps = useMemo(() => cutRefused(page.gaps, refused), [page.gaps, refused]);
  const selectable = useMemo(() => gaps.filter((gap) => !gap.refusal), [gaps]);
  const chosen = useMemo(
    () =>
      every?.ranges ??
      selectable
        .filter((gap) => selected.has(keyOf(gap)))
        .map((gap) => ({ secuenciaDesde: gap.secuenciaDesde, secuenciaHasta: gap.secuenciaHasta })),
    [every, selectable, selected],
  );
  const parts = useMemo(() => splitIntoVoids(chosen), [chosen]);
  const trackIds = (answer: Extract<NumberAnswer, { kind: "received" }>) =>
    answer.trackIds.map((entry) => `${entry.trackId} (${entry.estado})`).join(", ");
  const verdictText = (answer: RangeAnswer) => {
    if (answer.verdict === "received") {
      const received = answer.numbers.filter(
        (n): n is Extract<NumberAnswer, { kind: "received" }> => n.kind === "received",
      );
      return format(s.verdicts.received, {
        trackIds: received.map((n) => `${n.encf}: ${trackIds(n)}`).join("; "),
      });
    }
    if (answer.verdict === "unknown") {
      const reason = answer.numbers.find((n) => n.kind === "unknown");
      return format(s.verdicts.unknown, { reason: reason && reason.kind === "unknown" ? reason.reason : "" });
    }
    return s.verdicts[answer.verdict];
  };
  const numberText = (answer: NumberAnswer) =>
    answer.kind === "never-received"
      ? format(s.answerNever, { encf: answer.encf })
      : answer.kind === "received"
        ? format(s.answerReceived, { encf: answer.encf, trackIds: trackIds(answer) })
        : format(s.answerUnknown, { encf: answer.encf, reason: answer.reason });
  const refusalText = (refusal: Refusal) =>
    format(isUsedEstado(refusal.estado) ? s.refusedUsed : s.refusedUnsure, { estado: refusal.estado });

  /** DGII's received numbers leave the proposal and the selection at once (both kinds of selection). */
  function refuse(proposedAnswers: readonly NumberAnswer[], typed: readonly NumberAnswer[]) {
    const found = [...refusalsOf(proposedAnswers, true), ...refusalsOf(typed, false)];
    if (found.length === 0) return;
    const next = new Map(refused);
    for (const refusal of found) {
      const known = next.get(refusal.encf);
      next.set(refusal.encf, { ...refusal, proposed: refusal.proposed || (known?.proposed ?? false) });
    }
    setRefused(next);
    setSelected((current) => new Set([...current].filter((key) => !holdsRefused(rangeOfKey(key), next))));
    setEvery(
      (current) =>
        current && { ...current, ranges: current.ranges.filter((range) => !holdsRefused(range, next)) },
    );
  }

  function dgiiCell(gap: ReviewRow, answer: RangeAnswer | undefined) {
    if (gap.refusal) return <strong>{refusalText(gap.refusal)}</strong>;
    if (answer) return verdictText(answer);
    return gap.cut ? format(s.cutPiece, { numbers: gap.cut.join(", ") }) : "—";
  }

  function verify(ranges: ProposedRange[], numbers: string[] = []) {
    setMessage("");
    startTransition(async () => {
      const result = await checkRangesSentAction(ranges, numbers);
      if (!result.ok) {
        setMessage(result.message);
        return;
      }
      setAnswers((current) => {
        const next = new Map(current);
        for (const answer of result.ranges) next.set(keyOf(answer.range), answer);
        return next;
      });
      if (numbers.length > 0) setAsked(result.numbers);
      refuse(
        result.ranges.flatMap((answer) => answer.numbers),
        result.numbers,
      );
    });
  }

  function selectEvery() {
    setMessage("");
    startTransition(async () => {
      const result = await selectAllGapsAction(cierreDesde);
      if (!result.ok) {
        setMessage(result.message);
        return;
      }
      setEvery({ ranges: result.ranges, capped: result.capped, max: result.max });
      setSelected(new Set(selectable.map(keyOf)));
    });
  }

  function openVoid(part: number) {
    if (chosen.length === 0) {
      setMessage(s.noneSelected);
      return;
    }
    const id = saveGapsDraft({ environment, parts });
    router.push(`/tools/void-encf?gaps=${id}&part=${part}`);
  }

  const checks = page.checks;
  return (
    <div className="stack" data-testid="gap-review">
      <p className="muted">{format(s.intro, { hours: formatNumber(checks.quietPeriodHours, locale) })}</p>
      {checks.cutoff !== null ? (
        <p className="muted" data-testid="gaps-cutoff">
          {format(s.checkedCutoff, { date: formatFechaHora(checks.cutoff) })}
        </p>
      ) : null}
      {checks.withheld.map((held) => (
        <p key={`${held.serie}${held.tipoeCF}`} data-testid="gaps-withheld">
          {format(s.withheld, {
            serie: held.serie,
            tipo: held.tipoeCF,
            message: format(s.withheldReasons[held.reason], { highest: held.highestIssued ?? "—" }),
          })}
        </p>
      ))}
      {checks.unknownOutcomesTruncated ? (
        <Banner tone="warning">
          <p>{s.truncated}</p>
        </Banner>
      ) : null}
      <form className="row" method="get" action="/sequences" data-testid="gaps-closing">
        <InputField
          label={s.closingLabel}
          hint={s.closingHint}
          name="cierreDesde"
          defaultValue={cierreDesde}
          spellCheck={false}
          data-testid="gaps-closing-input"
        />
        <div className="row">
          <Button type="submit" variant="secondary">
            {s.closingApply}
          </Button>
          {cierreDesde ? <ButtonLink href="/sequences">{s.closingClear}</ButtonLink> : null}
        </div>
      </form>
      {cierreDesde ? (
        <p className="muted" data-testid="gaps-closing-shown">
          {format(s.closingShown, { encf: cierreDesde })}
        </p>
      ) : null}
      {refused.size > 0 ? (
        <Banner tone="warning" title={s.refusedTitle} role="status" testId="gaps-refused">
          <ul>
            {[...refused.values()].map((refusal) => (
              <li key={refusal.encf} data-encf={refusal.encf}>
                {format(s.refusedItem, {
                  encf: refusal.encf,
                  reason: refusalText(refusal),
                  trackIds: refusal.trackIds.join(", "),
                })}
              </li>
            ))}
          </ul>
        </Banner>
      ) : null}
      <Banner tone="info" testId="gaps-dgii-note">
        <p>{s.dgiiUnknownNote}</p>
        <p>{s.dgiiBudget}</p>
      </Banner>
      {gaps.length === 0 ? (
        <p data-testid="gaps-none">{s.none}</p>
      ) : (
        <>
          {page.nextToken ? <p className="muted">{plural(s.more, gaps.length, locale)}</p> : null}
          <CheckboxField
            checked={selectable.length > 0 && selectable.every((gap) => selected.has(keyOf(gap)))}
            onChange={(event) => {
              setEvery(undefined);
              setSelected(event.currentTarget.checked ? new Set(selectable.map(keyOf)) : new Set());
            }}
            data-testid="gaps-select-all"
          >
            {s.selectAll}
          </CheckboxField>
          {page.nextToken ? (
            <div>
              <Button
                type="button"
                variant="secondary"
                disabled={pending}
                onClick={selectEvery}
                data-testid="gaps-select-every"
              >
                {pending ? s.selectingEvery : s.selectEvery}
              </Button>
            </div>
          ) : null}
          {every ? (
            <p role="status" data-testid="gaps-every-selected">
              {plural(s.everySelected, every.ranges.length, locale)}
              {every.capped ? ` ${format(s.everyCapped, { max: formatNumber(every.max, locale) })}` : ""}
            </p>
          ) : null}
          <Table caption={s.caption} data-testid="gaps-table">
            <thead>
              <tr>
                <th scope="col">{s.select}</th>
                <th scope="col">{s.kind}</th>
                <th scope="col">{s.range}</th>
                <th scope="col" className="num">
                  {s.count}
                </th>
                <th scope="col">{s.checks}</th>
                <th scope="col">{s.dgii}</th>
              </tr>
            </thead>
            <tbody>
              {gaps.map((gap) => {
                const key = keyOf(gap);
                const answer = answers.get(key);
                return (
                  <tr
                    key={key}
                    data-testid="gap-row"
                    data-range={key}
                    data-refused={gap.refusal ? "true" : undefined}
                  >
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${s.select} ${key}`}
                        checked={!gap.refusal && selected.has(key)}
                        disabled={gap.refusal !== undefined}
                        onChange={(event) => {
                          const on = event.currentTarget.checked;
                          setEvery(undefined);
                          setSelected((current) => {
                            const next = new Set(current);
                            if (on) next.add(key);
                            else next.delete(key);
                            return next;
                          });
                        }}
                      />
                    </td>
                    <td>
                      {s.kinds[gap.kind]}
                      <GapAge gap={gap} window={gapWindow} now={now} s={s} locale={locale} />
                    </td>
                    <td>
                      {gap.secuenciaDesde === gap.secuenciaHasta
                        ? gap.secuenciaDesde
                        : `${gap.secuenciaDesde} – ${gap.secuenciaHasta}`}
                    </td>
                    <td className="num">{formatNumber(gap.cantidad, locale)}</td>
                    <td>
                      {gap.refusal
                        ? "—"
                        : gap.checked.expiredOn
                          ? format(s.checkExpired, { date: gap.checked.expiredOn })
                          : format(
                              gap.checked.higherIssuedAtKnown === false ? s.checkLineImported : s.checkLine,
                              {
                                mark: formatFechaHora(gap.checked.coverageMark),
                                higher: gap.checked.higherIssued ?? "—",
                                at: gap.checked.higherIssuedAt
                                  ? formatFechaHora(gap.checked.higherIssuedAt)
                                  : "—",
                                hours: formatNumber(gap.checked.quietPeriodHours, locale),
                              },
                            )}
                    </td>
                    <td data-testid="gap-dgii">{dgiiCell(gap, answer)}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <p data-testid="gaps-selected">{plural(s.selected, chosen.length, locale)}</p>
          <div className="row">
            <Button
              type="button"
              variant="secondary"
              disabled={pending || chosen.length === 0}
              onClick={() => verify(chosen)}
              data-testid="gaps-verify"
            >
              {pending ? s.verifying : s.verify}
            </Button>
            {canVoid ? (
              parts.length > 1 ? (
                parts.map((_, index) => (
                  <Button
                    key={index}
                    type="button"
                    onClick={() => openVoid(index + 1)}
                    data-testid="gaps-void-part"
                  >
                    {format(s.voidPart, { part: index + 1, parts: parts.length })}
                  </Button>
                ))
              ) : (
                <Button
                  type="button"
                  disabled={chosen.length === 0}
                  onClick={() => openVoid(1)}
                  data-testid="gaps-void"
                >
                  {s.voidSelected}
                </Button>
              )
            ) : null}
          </div>
          {parts.length > 1 ? <p className="muted">{plural(s.splitNote, parts.length, locale)}</p> : null}
        </>
      )}
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          const text = String(new FormData(event.currentTarget).get("encfs") ?? "");
          const numbers = text
            .split(/[\s,;]+/)
            .filter((value) => value !== "")
            .slice(0, 200);
          if (numbers.length > 0) verify([], numbers);
        }}
      >
        <InputField label={s.askLabel} name="encfs" spellCheck={false} data-testid="gaps-ask-input" />
        <div>
          <Button type="submit" variant="secondary" disabled={pending}>
            {s.ask}
          </Button>
        </div>
      </form>
      {asked.length > 0 ? (
        <ul data-testid="gaps-asked">
          {asked.map((answer) => (
            <li key={answer.encf}>{numberText(answer)}</li>
          ))}
        </ul>
      ) : null}
      {message ? (
        <Banner tone="danger" role="alert">
          <p>{message}</p>
        </Banner>
      ) : null}
    </div>
  );
}

/** The range a selection key names (keys are "desde-hasta"). */
function rangeOfKey(key: string): ProposedRange {
  const [secuenciaDesde = "", secuenciaHasta = ""] = key.split("-");
  return { secuenciaDesde, secuenciaHasta };
}
