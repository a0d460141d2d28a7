import type { EcfDeadline } from "@/lib/domain/ecf-deadline";
import type { Dictionary } from "@/lib/i18n";
import { deadlineWords } from "@/lib/i18n/deadline-words";

/** An e-CF not yet received by DGII: its deadline (lib/domain/ecf-deadline.ts) and how it was signed. */
export interface DeadlineView extends EcfDeadline {
  inContingency: boolean;
}

/**
 * The time left of an e-CF signed here and not yet received by DGII ("Quedan 20 h 5 min", "Vencido
 * hace 2 h", "DGII no disponible" while DGII's reception is down, never a missed deadline then), its
 * age, and the rule in a tooltip (which says the Informe Técnico is unclear on when the clock starts):
 * lib/i18n/deadline-words.ts, the words the documents export writes too.
 */
export function DeadlineNote({
  deadline,
  t,
}: {
  deadline: DeadlineView;
  t: Dictionary["contingency"]["deadline"];
}) {
  const { left, age, rule } = deadlineWords(deadline, t);
  const urgent = deadline.state === "missed" || deadline.state === "approaching";
  return (
    <span data-testid="document-deadline" data-state={deadline.state} title={rule}>
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
