import { durationParts, type EcfDeadline } from "@/lib/domain/ecf-deadline";
import { formatFechaHora } from "@/lib/domain/fecha";

import { format, type Dictionary } from "./index";

type Words = Dictionary["contingency"]["deadline"];

function duration(ms: number, t: Words): string {
  const parts = durationParts(ms);
  if (parts.days > 0) return format(t.days, parts);
  if (parts.hours > 0) return format(t.hours, parts);
  return format(t.minutes, parts);
}

/**
 * An e-CF's deadline (lib/domain/ecf-deadline.ts) in the reader's words, one way for the documents
 * list and the export: its time left ("Quedan 20 h 5 min", "Vencido hace 2 h", "DGII no disponible"
 * while DGII's reception is down, never a missed deadline then), its age, when it is due, and the rule.
 */
export function deadlineWords(
  deadline: EcfDeadline,
  t: Words,
): { left: string; age: string; due: string | null; rule: string } {
  const due = deadline.deadlineAt === null ? null : formatFechaHora(deadline.deadlineAt);
  const rule =
    deadline.state === "dgii_unavailable"
      ? t.tooltipUnavailable
      : deadline.basis === "contingency"
        ? format(t.tooltipContingency, { date: due ?? "" })
        : deadline.basis === "deferred"
          ? format(t.tooltipDeferred, { hours: deadline.windowHours ?? 0, date: due ?? "" })
          : t.tooltipNone;
  const left =
    deadline.state === "dgii_unavailable"
      ? t.unavailable
      : deadline.timeLeftMs === null
        ? t.none
        : deadline.state === "missed"
          ? format(t.missed, { duration: duration(deadline.timeLeftMs, t) })
          : format(t.left, { duration: duration(deadline.timeLeftMs, t) });
  return { left, age: format(t.age, { duration: duration(deadline.ageMs, t) }), due, rule };
}
