"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { ecfTypeName } from "@/lib/domain/ecf-types";
import type { Locale } from "@/lib/domain/locale";
import { MAX_RANGES_PER_TIPO, MAX_TIPOS_PER_REQUEST } from "@/lib/domain/void-request";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";

import type { EditorAnalysis } from "./editor-model";
import styles from "./void-summary.module.css";

/** From this share of a limit on, the limit is shown as approaching. */
const NEAR_LIMIT_RATIO = 0.8;

interface VoidSummaryProps {
  analysis: EditorAnalysis;
  /** Lines the last check found already voided and accepted: they block sending. */
  alreadyVoided?: number;
  /** Numbers already issued that the last check found, and on how many lines: they block sending. */
  issued?: { numbers: number; lines: number };
  locale: Locale;
  t: Dictionary["voidTool"]["summary"];
  onGoToProblem?: () => void;
  goToProblemLabel?: string;
}

/** Live summary: per type (name and code) ranges and sequences, the total, and the limits as they near. */
export function VoidSummary({
  analysis,
  alreadyVoided = 0,
  issued,
  locale,
  t,
  onGoToProblem,
  goToProblemLabel,
}: VoidSummaryProps) {
  const n = (value: number) => formatNumber(value, locale);
  // Only more types than exist would be over the limit: warn only past it, never at 10 of 10.
  const typesOver = analysis.blocks.length > MAX_TIPOS_PER_REQUEST;
  const problems = analysis.invalidCount;
  const overlaps = analysis.overlaps.size;
  const issuedNumbers = issued?.numbers ?? 0;
  const blocked = alreadyVoided > 0 || issuedNumbers > 0;
  return (
    <Card
      title={t.title}
      className={`${styles.summary} ${blocked ? styles.blocked : ""}`}
      data-total={analysis.totalVoided}
      data-blocked={blocked || undefined}
    >
      {analysis.blocks.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <Table compact>
          <thead>
            <tr>
              <th scope="col">{t.type}</th>
              <th scope="col" className="num">
                {t.ranges}
              </th>
              <th scope="col" className="num">
                {t.sequences}
              </th>
            </tr>
          </thead>
          <tbody>
            {analysis.blocks.map((block) => {
              const near = block.ranges.length >= MAX_RANGES_PER_TIPO * NEAR_LIMIT_RATIO;
              const over = block.ranges.length > MAX_RANGES_PER_TIPO;
              return (
                <tr key={block.tipoeCF}>
                  <th scope="row">
                    <span className={styles.typeCode}>{block.tipoeCF}</span>{" "}
                    {ecfTypeName(block.tipoeCF, locale)}
                  </th>
                  <td className={`num ${over ? styles.over : near ? styles.near : ""}`}>
                    {n(block.ranges.length)}
                    {near && (
                      <span className={styles.limitNote}>
                        {format(t.rangesOfType, {
                          count: n(block.ranges.length),
                          max: n(MAX_RANGES_PER_TIPO),
                        })}
                      </span>
                    )}
                  </td>
                  <td className="num">{n(block.cantidad)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.total}</th>
              <td className="num">{n(analysis.validCount)}</td>
              <td className="num" data-testid="void-total">
                {n(analysis.totalVoided)}
              </td>
            </tr>
          </tfoot>
        </Table>
      )}
      <p className={typesOver ? styles.over : "muted"}>
        {format(t.typesUsed, { count: analysis.blocks.length, max: MAX_TIPOS_PER_REQUEST })}
      </p>
      <ul className={styles.status} aria-live="polite">
        {problems > 0 && <li className={styles.problem}>{plural(t.problems, problems, locale)}</li>}
        {overlaps > 0 && <li className={styles.problem}>{plural(t.overlaps, overlaps, locale)}</li>}
        {analysis.limitProblems.map((issue) => (
          <li key={issue.message} className={styles.problem}>
            {issue.message}
          </li>
        ))}
        {analysis.blankCount > 0 && analysis.validCount > 0 && (
          <li className="muted">{plural(t.blank, analysis.blankCount, locale)}</li>
        )}
        {alreadyVoided > 0 && (
          <li className={styles.problem} data-testid="summary-already-voided">
            {plural(t.alreadyVoided, alreadyVoided, locale)}
          </li>
        )}
        {issued && issuedNumbers > 0 && (
          <li className={styles.problem} data-testid="summary-used">
            {plural(t.alreadyIssued, issuedNumbers, locale, {
              lines: plural(t.issuedLines, issued.lines, locale),
            })}
          </li>
        )}
        {analysis.ready && !blocked && <li className={styles.ok}>{t.allGood}</li>}
      </ul>
      {onGoToProblem && goToProblemLabel && (
        <Button variant="link" onClick={onGoToProblem}>
          {goToProblemLabel}
        </Button>
      )}
    </Card>
  );
}
