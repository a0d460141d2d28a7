import type { VoidReason } from "@/lib/domain/void-reasons";
import { format, type Dictionary } from "@/lib/i18n";

type ReasonStrings = Dictionary["voidReasons"];

/**
 * A void's reason as the portal words it: "08 · Errores en secuencia de NCF", or "Sin
 * motivo" for a void made without one (older voids, API clients that never send `motivo`).
 */
export function reasonLabel(reason: VoidReason | null | undefined, t: ReasonStrings): string {
  return reason ? format(t.option, { code: reason.code, name: t.names[reason.code] }) : t.none;
}

/** The reason as two entries of a description list (record, result page, receipt, confirmation). */
export function ReasonFacts({ reason, t }: { reason: VoidReason | null | undefined; t: ReasonStrings }) {
  return (
    <>
      <dt>{t.label}</dt>
      <dd data-testid="void-reason-label" data-reason-code={reason?.code ?? ""}>
        {reasonLabel(reason, t)}
      </dd>
      {reason?.text ? (
        <>
          <dt>{t.description}</dt>
          <dd data-testid="void-reason-text">{reason.text}</dd>
        </>
      ) : null}
    </>
  );
}
