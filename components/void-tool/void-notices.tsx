"use client";

import Link from "next/link";
import type { ActionFailure, VoidWarnings } from "@/lib/portal/actions/void-actions";
import { format } from "@/lib/i18n";
import type { VoidToolStrings } from "./strings";
import styles from "./void-tool.module.css";

interface WarningsProps {
  /** Lines already mapped back to editor lines (1-based). */
  warnings: VoidWarnings;
  acknowledged: boolean;
  onAcknowledge(value: boolean): void;
  t: VoidToolStrings["warnings"];
}

/**
 * Before sending: an overlap with an earlier Aceptado void blocks (link to it); an overlap with an
 * earlier Error void is allowed once the user says they checked it (spec retry rule 2).
 */
export function VoidWarningsPanel({ warnings, acknowledged, onAcknowledge, t }: WarningsProps) {
  if (!warnings.accepted && warnings.errors.length === 0) return null;
  return (
    <div className={styles.warnings} role="alert" data-testid="void-warnings">
      <h3 className={styles.warningsTitle}>{t.title}</h3>
      {warnings.accepted && (
        <p className={styles.textError}>
          {format(t.accepted, {
            line: warnings.accepted.line,
            desde: warnings.accepted.secuenciaDesde,
            hasta: warnings.accepted.secuenciaHasta,
          })}{" "}
          <Link href={`/voids/${warnings.accepted.voidId}`}>
            {format(t.acceptedLink, { voidId: warnings.accepted.voidId })}
          </Link>
        </p>
      )}
      {warnings.errors.map((hit) => (
        <p key={hit.voidId} className={styles.textWarn}>
          {format(t.error, { line: hit.line, fecha: hit.fechaHoraAnulacion })}{" "}
          <Link href={`/voids/${hit.voidId}`} target="_blank">
            {format(t.errorLink, { voidId: hit.voidId })}
          </Link>
        </p>
      ))}
      {!warnings.accepted && warnings.errors.length > 0 && (
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            checked={acknowledged}
            onChange={(event) => onAcknowledge(event.target.checked)}
          />
          {t.errorAck}
        </label>
      )}
    </div>
  );
}

/**
 * A send that did not produce a void record: 4xx means nothing reached the authority (spec rule 3);
 * no answer at all (code NETWORK) may mean it did, so it points to the history, never to a resend.
 */
export function VoidFailurePanel({ failure, t }: { failure: ActionFailure; t: VoidToolStrings["failure"] }) {
  const voidId = typeof failure.extra?.voidId === "string" ? failure.extra.voidId : undefined;
  return (
    <div className={styles.failure} role="alert" data-testid="void-failure">
      <h3 className={styles.warningsTitle}>{t.title}</h3>
      <p>{failure.message}</p>
      {failure.code === "NETWORK" ? (
        <Link href="/voids">{t.history}</Link>
      ) : (
        failure.status >= 400 && failure.status < 500 && <p className={styles.muted}>{t.nothingSent}</p>
      )}
      {failure.code !== "NETWORK" && voidId && (
        <Link href={`/voids/${voidId}`}>{format(t.linkVoid, { voidId })}</Link>
      )}
    </div>
  );
}
