import { formatFechaHora } from "@/lib/domain/fecha";
import { gapDeadline, type GapFacts, type GapWindow } from "@/lib/domain/gap-deadline";
import type { Locale } from "@/lib/domain/locale";
import { format, plural, type Dictionary } from "@/lib/i18n";

/**
 * A gap's age and, where the company set one (Configuración → Contingencia), its deadline to void it
 * (lib/domain/gap-deadline.ts: the rule the ledger scan announces). Nothing for a closing.
 */
export function GapAge({
  gap,
  window,
  now,
  s,
  locale,
}: {
  gap: GapFacts;
  window: GapWindow | null;
  now: number;
  s: Dictionary["sequences"]["gaps"];
  locale: Locale;
}) {
  const deadline = gapDeadline(gap, window, now);
  if (deadline.ageDays === null) return null;
  const date = deadline.deadlineAt === null ? "" : formatFechaHora(deadline.deadlineAt).slice(0, 10);
  const due =
    deadline.state === "missed"
      ? s.deadlineMissed
      : deadline.state === "approaching"
        ? s.deadlineApproaching
        : s.deadlineRunning;
  return (
    <span className="muted" data-testid="gap-age" data-state={deadline.state}>
      <br />
      {plural(s.age, deadline.ageDays, locale)}
      {deadline.deadlineAt === null ? null : (
        <>
          {" · "}
          {deadline.state === "running" ? format(due, { date }) : <strong>{format(due, { date })}</strong>}
        </>
      )}
    </span>
  );
}
