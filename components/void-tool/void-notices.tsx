"use client";

import Link from "next/link";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/field";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import type { ActionFailure, VoidWarnings } from "@/lib/portal/actions/void-actions";

type VoidToolStrings = Dictionary["voidTool"];

interface WarningsProps {
  /** Lines already mapped back to editor lines (1-based). */
  warnings: VoidWarnings;
  acknowledged: boolean;
  onAcknowledge(value: boolean): void;
  /** Set while editor lines carry already voided parts: cuts them out of every line. */
  onRemoveVoided?: () => void;
  /** Set while editor lines carry already issued numbers: cuts them out of every line. */
  onRemoveUsed?: () => void;
  locale: Locale;
  t: VoidToolStrings["warnings"];
}

/**
 * Before sending, in two blocks so a refusal never reads like a notice: what blocks the send (an
 * overlap with an earlier Aceptado void, linked; numbers already issued, SEQUENCE_USED, named with the
 * credit-note remedy; each with its "remove from every line") and, apart, what only asks for care (an
 * overlap with an earlier Error void, allowed once the user says they checked it, spec retry rule 2;
 * ranges outside the authorizations entered).
 */
export function VoidWarningsPanel({
  warnings,
  acknowledged,
  onAcknowledge,
  onRemoveVoided,
  onRemoveUsed,
  locale,
  t,
}: WarningsProps) {
  const blocked = Boolean(warnings.accepted || warnings.used);
  const outside = warnings.outsideAuthorization;
  const notices = warnings.errors.length > 0 || outside.total > 0;
  if (!blocked && !notices) return null;
  return (
    <div className="stack" data-testid="void-warnings">
      {blocked && (
        <Banner tone="danger" title={t.blockedTitle} role="alert" testId="void-blocked">
          <BlockingProblems
            warnings={warnings}
            onRemoveVoided={onRemoveVoided}
            onRemoveUsed={onRemoveUsed}
            locale={locale}
            t={t}
          />
        </Banner>
      )}
      {notices && (
        <Banner tone="warning" title={t.title} role={blocked ? "status" : "alert"} testId="void-notices">
          {warnings.errors.map((hit) => (
            <p key={hit.voidId}>
              {format(t.error, { line: hit.line, fecha: hit.fechaHoraAnulacion })}{" "}
              <Link href={`/voids/${hit.voidId}`} target="_blank">
                {format(t.errorLink, { voidId: hit.voidId })}
              </Link>
            </p>
          ))}
          {!blocked && warnings.errors.length > 0 && (
            <CheckboxField checked={acknowledged} onChange={(event) => onAcknowledge(event.target.checked)}>
              {t.errorAck}
            </CheckboxField>
          )}
          {outside.total > 0 && (
            <OutsideAuthorizationNotice ranges={outside.ranges} total={outside.total} locale={locale} t={t} />
          )}
        </Banner>
      )}
    </div>
  );
}

/** What blocks the send: numbers already voided and accepted, numbers already issued, and their removal. */
function BlockingProblems({
  warnings,
  onRemoveVoided,
  onRemoveUsed,
  locale,
  t,
}: Omit<WarningsProps, "acknowledged" | "onAcknowledge">) {
  return (
    <>
      {warnings.acceptedLines.length > 1 && (
        <p data-testid="accepted-lines">{plural(t.acceptedLines, warnings.acceptedLines.length, locale)}</p>
      )}
      {warnings.accepted && (
        <p>
          {format(t.accepted, {
            line: warnings.accepted.line,
            desde: warnings.accepted.secuenciaDesde,
            hasta: warnings.accepted.secuenciaHasta,
          })}{" "}
          <Link href={`/voids/${warnings.accepted.voidId}`} target="_blank">
            {format(t.acceptedLink, { voidId: warnings.accepted.voidId })}
          </Link>
        </p>
      )}
      {onRemoveVoided && (
        <p>
          <Button variant="secondary" onClick={onRemoveVoided}>
            {t.removeAllVoided}
          </Button>
        </p>
      )}
      {warnings.used && (
        <UsedNumbersNotice used={warnings.used} lines={warnings.usedLines.length} locale={locale} t={t} />
      )}
      {warnings.used && onRemoveUsed && (
        <p>
          <Button variant="secondary" onClick={onRemoveUsed} data-testid="remove-all-used">
            {t.removeAllUsed}
          </Button>
        </p>
      )}
    </>
  );
}

/** SEQUENCE_USED before the confirmation: the numbers already issued and the remedy (a credit note). */
function UsedNumbersNotice({
  used,
  lines,
  locale,
  t,
}: {
  used: NonNullable<VoidWarnings["used"]>;
  /** Editor lines marked as holding them. */
  lines: number;
  locale: Locale;
  t: VoidToolStrings["warnings"];
}) {
  const more = used.total - used.numbers.length;
  return (
    <>
      <p data-testid="void-used">
        {plural(t.used, used.total, locale, {
          numbers: used.numbers.join(", "),
          more:
            more > 0
              ? format(used.capped ? t.usedMoreCapped : t.usedMore, { count: formatNumber(more, locale) })
              : "",
        })}
      </p>
      {lines > 0 && <p data-testid="used-lines">{plural(t.usedLines, lines, locale)}</p>}
      <p>{t.usedRemedy}</p>
      <ul data-testid="used-remedy-links">
        {used.numbers.map((encf) => (
          <li key={encf}>
            <Link href={`/sequences/remedy?encf=${encf}`} target="_blank" data-encf={encf}>
              {format(t.usedRemedyLink, { encf })}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Ranges outside every authorization entered for their type (OUTSIDE_AUTHORIZATION): a warning, never a block. */
export function OutsideAuthorizationNotice({
  ranges,
  total,
  locale,
  t,
}: {
  ranges: ReadonlyArray<{
    tipoeCF: string;
    secuenciaDesde: string;
    secuenciaHasta: string;
    cantidad: number;
  }>;
  total: number;
  locale: Locale;
  t: VoidToolStrings["warnings"];
}) {
  return (
    <div data-testid="void-outside-authorization">
      <p>
        <strong>{t.outsideTitle}</strong>
      </p>
      <ul>
        {ranges.map((range) => (
          <li key={`${range.secuenciaDesde}-${range.secuenciaHasta}`}>
            {format(t.outside, {
              desde: range.secuenciaDesde,
              hasta: range.secuenciaHasta,
              count: formatNumber(range.cantidad, locale),
              tipo: range.tipoeCF,
            })}
          </li>
        ))}
      </ul>
      {total > ranges.length && <p>{plural(t.outsideMore, total - ranges.length, locale)}</p>}
      <p>{t.outsideNote}</p>
    </div>
  );
}

/**
 * A send that did not produce a void record: 4xx means nothing reached the authority (spec rule 3);
 * no answer at all (code NETWORK) may mean it did, so it points to the history, never to a resend.
 * The message comes translated from the server action (errorMessage in lib/i18n).
 */
export function VoidFailurePanel({ failure, t }: { failure: ActionFailure; t: VoidToolStrings["failure"] }) {
  const voidId = typeof failure.extra?.voidId === "string" ? failure.extra.voidId : undefined;
  return (
    <Banner tone="danger" title={t.title} role="alert" testId="void-failure">
      <p>{failure.message}</p>
      {failure.code === "NETWORK" ? (
        <p>
          <Link href="/voids">{t.history}</Link>
        </p>
      ) : (
        failure.status >= 400 && failure.status < 500 && <p>{t.nothingSent}</p>
      )}
      {failure.code !== "NETWORK" && voidId && (
        <p>
          <Link href={`/voids/${voidId}`}>{format(t.linkVoid, { voidId })}</Link>
        </p>
      )}
    </Banner>
  );
}
