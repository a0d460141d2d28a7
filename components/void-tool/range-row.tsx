"use client";

import Link from "next/link";
import { memo, type KeyboardEvent } from "react";

import { Button } from "@/components/ui/button";
import { ecfTypeName, isEcfType } from "@/lib/domain/ecf-types";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";

import type { LineDraft, LineStatus } from "./editor-model";
import styles from "./range-editor.module.css";

export type LineField = "desde" | "hasta";

/** An e-NCF as typed, shown as the fields' example (a value, not words: the same in every language). */
const ENCF_EXAMPLE = "E310000000001";

export interface RangeRowProps {
  line: LineDraft;
  index: number;
  lineCount: number;
  status: LineStatus;
  /** The plain-words problem of the line, if any. */
  message?: string;
  /** Editor indices of the lines this one overlaps, and the message naming the first. */
  overlapWith?: number[];
  overlapMessage?: string;
  /** Numbers of this line already voided and accepted (from the last check), shown and removable. */
  voided?: AcceptedHit;
  /** Numbers of this line already issued (SEQUENCE_USED, from the last check), shown and removable. */
  used?: LineMark;
  locale: Locale;
  t: Dictionary["voidTool"]["editor"];
  onEdit(index: number, field: LineField, value: string): void;
  onKey(event: KeyboardEvent<HTMLInputElement>, index: number, field: LineField): void;
  onMove(index: number, delta: -1 | 1): void;
  onRemove(index: number): void;
  onGoTo(index: number): void;
  onTrim(line: LineDraft): void;
  onTrimUsed(line: LineDraft): void;
}

/** Numbers of one line the server check found unvoidable (already voided, or already issued). */
export interface LineMark {
  /** The parts as e-NCF ranges, and how many numbers they hold. */
  ranges: Array<{ desde: string; hasta: string }>;
  count: number;
  /** The same parts as numbers, for cutting them out of the line (lib/domain/intervals). */
  intervals: Array<{ desde: number; hasta: number }>;
}

/** What the server check said about one line: earlier Aceptado voids and the numbers they cover. */
export interface AcceptedHit extends LineMark {
  voidIds: string[];
}

/** One line of the editor: desde/hasta, the derived type and count, the problem in words, the actions. */
function RangeRowImpl(props: RangeRowProps) {
  const { line, index, status, message, overlapWith, overlapMessage, voided, used, locale, t } = props;
  const number = index + 1;
  const marked = voided !== undefined || used !== undefined;
  const invalid = status.kind === "invalid" || status.kind === "quantity" || marked;
  const overlapping = overlapWith !== undefined && overlapWith.length > 0;
  const messageId = `void-line-${line.id}-message`;
  const hasProblem = invalid || overlapping;
  const range = status.kind === "valid" ? status.range : undefined;
  const rangesText = (mark: LineMark) =>
    mark.ranges
      .map((part) => (part.desde === part.hasta ? part.desde : `${part.desde} – ${part.hasta}`))
      .join(", ");
  const problem = marked
    ? [
        voided && plural(t.alreadyVoided, voided.count, locale, { line: number, ranges: rangesText(voided) }),
        used && plural(t.alreadyIssued, used.count, locale, { line: number, ranges: rangesText(used) }),
      ]
        .filter(Boolean)
        .join(" ")
    : status.kind === "quantity"
      ? format(t.quantityMismatch, {
          line: number,
          pasted: formatNumber(status.pasted, locale),
          count: formatNumber(status.range.cantidad, locale),
        })
      : message;
  const tipo = range?.tipoeCF ?? tipoOf(line.desde);
  const rowClass = [styles.row, invalid ? styles.invalid : "", overlapping ? styles.overlap : ""].join(" ");
  const moveUp = format(t.moveUp, { line: number });
  const moveDown = format(t.moveDown, { line: number });
  const remove = format(t.remove, { line: number });

  return (
    <div
      className={rowClass}
      data-line={number}
      data-status={voided ? "voided" : used ? "used" : overlapping ? "overlap" : status.kind}
    >
      <div className={styles.rowMain}>
        <span className={styles.lineNumber} aria-hidden="true">
          {number}
        </span>
        <label className={`${styles.field} ${styles.fieldDesde}`}>
          <span className={styles.fieldLabel}>{t.desde}</span>
          <input
            className={styles.input}
            value={line.desde}
            onChange={(event) => props.onEdit(index, "desde", event.target.value)}
            onKeyDown={(event) => props.onKey(event, index, "desde")}
            aria-label={format(t.desdeLabel, { line: number })}
            aria-invalid={hasProblem || undefined}
            aria-describedby={hasProblem ? messageId : undefined}
            data-line-input={`${index}-desde`}
            placeholder={ENCF_EXAMPLE}
            maxLength={40}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="characters"
            inputMode="text"
          />
        </label>
        <label className={`${styles.field} ${styles.fieldHasta}`}>
          <span className={styles.fieldLabel}>{t.hasta}</span>
          <input
            className={styles.input}
            value={line.hasta}
            onChange={(event) => props.onEdit(index, "hasta", event.target.value)}
            onKeyDown={(event) => props.onKey(event, index, "hasta")}
            aria-label={format(t.hastaLabel, { line: number })}
            aria-invalid={hasProblem || undefined}
            aria-describedby={hasProblem ? messageId : undefined}
            data-line-input={`${index}-hasta`}
            placeholder={t.hastaPlaceholder}
            maxLength={40}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="characters"
          />
        </label>
        <span className={styles.derived} title={tipo ? ecfTypeName(tipo, locale) : undefined}>
          {tipo ? (
            <>
              <strong>{tipo}</strong> <span className={styles.typeName}>{ecfTypeName(tipo, locale)}</span>
            </>
          ) : (
            t.typeUnknown
          )}
        </span>
        <span className={styles.count}>{range ? formatNumber(range.cantidad, locale) : ""}</span>
        <span className={styles.actions}>
          <Button
            variant="secondary"
            size="icon"
            onClick={() => props.onMove(index, -1)}
            disabled={index === 0}
            aria-label={moveUp}
            title={moveUp}
          >
            {t.moveUpSymbol}
          </Button>
          <Button
            variant="secondary"
            size="icon"
            onClick={() => props.onMove(index, 1)}
            disabled={index === props.lineCount - 1}
            aria-label={moveDown}
            title={moveDown}
          >
            {t.moveDownSymbol}
          </Button>
          <Button
            variant="secondary"
            size="icon"
            className={styles.remove}
            onClick={() => props.onRemove(index)}
            aria-label={remove}
            title={remove}
          >
            {t.removeSymbol}
          </Button>
        </span>
      </div>
      {hasProblem && (
        <div id={messageId} className={styles.message}>
          <span>{invalid ? problem : overlapMessage}</span>
          {voided && (
            <>
              <Button
                variant="secondary"
                size="small"
                onClick={() => props.onTrim(line)}
                aria-label={format(t.removeVoidedLabel, { line: number })}
              >
                {t.removeVoided}
              </Button>
              <Link href={`/voids/${voided.voidIds[0]}`} target="_blank">
                {t.viewVoid}
              </Link>
            </>
          )}
          {used && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => props.onTrimUsed(line)}
              aria-label={format(t.removeIssuedLabel, { line: number })}
            >
              {t.removeIssued}
            </Button>
          )}
          {overlapping &&
            overlapWith.map((other) => (
              <Button key={other} variant="link" onClick={() => props.onGoTo(other)}>
                {format(t.goToLine, { line: other + 1 })}
              </Button>
            ))}
        </div>
      )}
    </div>
  );
}

/** The type digits while typing, shown only once they name a real type (e.g. "E31…"). */
function tipoOf(value: string) {
  const digits = value.slice(1, 3);
  return isEcfType(digits) ? digits : undefined;
}

export const RangeRow = memo(RangeRowImpl);
