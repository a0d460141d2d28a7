import type { Tone } from "./banner";

/** Void and document statuses: colour AND a symbol AND the words, never colour alone. */
const STATUS_LOOK: Record<string, { tone: Tone; symbol: string }> = {
  Aceptado: { tone: "success", symbol: "✓" },
  "Aceptado Condicional": { tone: "info", symbol: "✓" },
  Rechazado: { tone: "danger", symbol: "✕" },
  Error: { tone: "warning", symbol: "!" },
  "En Proceso": { tone: "neutral", symbol: "…" },
  "No encontrado": { tone: "neutral", symbol: "?" },
};

export interface StatusBadgeProps {
  /** The status as stored (Spanish, as the API returns it): it selects the colour. */
  status: string;
  /** The text shown (translated); defaults to the status itself. */
  label?: string;
}

export function StatusBadge({ status, label }: StatusBadgeProps) {
  const look = STATUS_LOOK[status] ?? { tone: "neutral" as const, symbol: "•" };
  return (
    <span className="badge" data-tone={look.tone} data-status={status}>
      <span aria-hidden="true">{look.symbol}</span>
      {label ?? status}
    </span>
  );
}

export function Badge({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  return (
    <span className="badge" data-tone={tone}>
      {children}
    </span>
  );
}
