import type { ReactNode } from "react";

import type { Tone } from "./banner";
import styles from "./status-badge.module.css";

/**
 * Void, void request and document statuses: colour AND a symbol AND the words, never colour alone.
 * A waiting status shows a clock, never "…": an ellipsis before the word reads as text cut off
 * ("… Pendiente").
 */
export const STATUS_LOOK: Record<string, { tone: Tone; symbol: string }> = {
  Aceptado: { tone: "success", symbol: "✓" },
  "Aceptado Condicional": { tone: "info", symbol: "✓" },
  Rechazado: { tone: "danger", symbol: "✕" },
  Error: { tone: "warning", symbol: "!" },
  "En Proceso": { tone: "neutral", symbol: "◷" },
  "No encontrado": { tone: "neutral", symbol: "?" },
  // A document Anula does not hold and DGII did not answer about (the status endpoints' lookup).
  "Sin respuesta de la DGII": { tone: "warning", symbol: "!" },
  // Void requests (approvals): waiting, decided, or sent (the void itself then has its own status).
  Pendiente: { tone: "warning", symbol: "◷" },
  Aprobada: { tone: "info", symbol: "✓" },
  Rechazada: { tone: "danger", symbol: "✕" },
  Vencida: { tone: "neutral", symbol: "⌛" },
  Enviada: { tone: "info", symbol: "→" },
};

export interface StatusBadgeProps {
  testId?: string;
  /** The status as stored (Spanish, as the API returns it): it selects the colour. */
  status: string;
  /** The text shown (translated); defaults to the status itself. */
  label?: string;
}

export function StatusBadge({ status, label, testId }: StatusBadgeProps) {
  const look = STATUS_LOOK[status] ?? { tone: "neutral" as const, symbol: "•" };
  return (
    <span className={styles.badge} data-tone={look.tone} data-status={status}>
      <span aria-hidden="true">{look.symbol}</span>
      <span data-testid={testId}>{label ?? status}</span>
    </span>
  );
}

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}
