import type { EcfDeadline } from "@/lib/domain/ecf-deadline";
import { durationParts } from "@/lib/domain/ecf-deadline";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format, type Dictionary } from "@/lib/i18n";

/** An e-CF not yet received by DGII: its deadline (lib/domain/ecf-deadline.ts) and how it was signed. */
export interface DeadlineView extends EcfDeadline {
  inContingency: boolean;
}

type Words = Dictionary["contingency"]["deadline"];

function duration(ms: number, t: Words): string {
  const parts = durationParts(ms);
  if (parts.days > 0) return format(t.days, parts);
  if (parts.hours > 0) return format(t.hours, parts);
  return format(t.minutes, parts);
}

/**
 * The time left of an e-CF signed here and not yet received by DGII ("Quedan 20 h 5 min", "Vencido
 * hace 2 h", "DGII no disponible" while DGII's reception is down, never a missed deadline then), its
 * age, and the rule in a tooltip (which says the Informe Técnico is unclear on when the clock starts).
 */
export function DeadlineNote({ deadline, t }: { deadline: DeadlineView; t: Words }) {
  const age = format(t.age, { duration: duration(deadline.ageMs, t) });
  const due = deadline.deadlineAt === null ? "" : formatFechaHora(deadline.deadlineAt);
  const tooltip =
    deadline.state === "dgii_unavailable"
      ? t.tooltipUnavailable
      : deadline.basis === "contingency"
        ? format(t.tooltipContingency, { date: due })
        : deadline.basis === "deferred"
          ? format(t.tooltipDeferred, { hours: deadline.windowHours ?? 0, date: due })
          : t.tooltipNone;
  const left =
    deadline.state === "dgii_unavailable"
      ? t.unavailable
      : deadline.timeLeftMs === null
        ? t.none
        : deadline.state === "missed"
          ? format(t.missed, { duration: duration(deadline.timeLeftMs, t) })
          : format(t.left, { duration: duration(deadline.timeLeftMs, t) });
  const urgent = deadline.state === "missed" || deadline.state === "approaching";
  return (
    <span data-testid="document-deadline" data-state={deadline.state} title={tooltip}>
      {" · "}
      {urgent ? <strong>{left}</strong> : <span>{left}</span>}
      <span className="muted">
        {" · "}
        {age}
        {deadline.inContingency ? ` · ${t.inContingency}` : null}
      </span>
    </span>
  );
}
