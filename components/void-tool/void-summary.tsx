"use client";

import { ecfTypeName } from "@/lib/domain/ecf-types";
import type { Locale } from "@/lib/domain/locale";
import { MAX_RANGES_PER_TIPO, MAX_TIPOS_PER_REQUEST } from "@/lib/domain/void-request";
import { format, formatNumber } from "@/lib/i18n";
import type { EditorAnalysis } from "./editor-model";
import type { VoidToolStrings } from "./strings";
import styles from "./void-tool.module.css";

/** From this share of a limit on, the limit is shown as approaching. */
const NEAR_LIMIT_RATIO = 0.8;

interface VoidSummaryProps {
  analysis: EditorAnalysis;
  locale: Locale;
  t: VoidToolStrings["summary"];
  onGoToProblem?: () => void;
  goToProblemLabel?: string;
}

/** Live summary: per type (name and code) ranges and sequences, the total, and the limits as they near. */
export function VoidSummary({ analysis, locale, t, onGoToProblem, goToProblemLabel }: VoidSummaryProps) {
  const n = (value: number) => formatNumber(value, locale);
  const typesNear = analysis.blocks.length >= MAX_TIPOS_PER_REQUEST * NEAR_LIMIT_RATIO;
  const problems = analysis.invalidCount;
  const overlaps = analysis.overlaps.size;
  return (
    <section
      className={styles.summary}
      aria-labelledby="void-summary-title"
      data-total={analysis.totalVoided}
    >
      <h2 id="void-summary-title" className={styles.sectionTitle}>
        {t.title}
      </h2>
      {analysis.blocks.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <table className={styles.summaryTable}>
          <thead>
            <tr>
              <th scope="col">{t.type}</th>
              <th scope="col" className={styles.num}>
                {t.ranges}
              </th>
              <th scope="col" className={styles.num}>
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
                  <td className={`${styles.num} ${over ? styles.limitOver : near ? styles.limitNear : ""}`}>
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
                  <td className={styles.num}>{n(block.cantidad)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.total}</th>
              <td className={styles.num}>{n(analysis.validCount)}</td>
              <td className={styles.num} data-testid="void-total">
                {n(analysis.totalVoided)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className={typesNear ? styles.limitNear : styles.muted}>
        {format(t.typesUsed, { count: analysis.blocks.length, max: MAX_TIPOS_PER_REQUEST })}
        {typesNear && ` · ${t.nearLimit}`}
      </p>
      <ul className={styles.summaryStatus} aria-live="polite">
        {problems > 0 && <li className={styles.textError}>{format(t.problems, { count: n(problems) })}</li>}
        {overlaps > 0 && <li className={styles.textError}>{format(t.overlaps, { count: n(overlaps) })}</li>}
        {analysis.limitProblems.map((issue) => (
          <li key={issue.message} className={styles.textError}>
            {issue.message}
          </li>
        ))}
        {analysis.blankCount > 0 && analysis.validCount > 0 && (
          <li className={styles.muted}>{format(t.blank, { count: n(analysis.blankCount) })}</li>
        )}
        {analysis.ready && <li className={styles.textOk}>{t.allGood}</li>}
      </ul>
      {onGoToProblem && goToProblemLabel && (
        <button type="button" className={styles.linkButton} onClick={onGoToProblem}>
          {goToProblemLabel}
        </button>
      )}
    </section>
  );
}
