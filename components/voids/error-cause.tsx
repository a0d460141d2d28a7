import type { Dictionary } from "@/lib/i18n";
import { errorCauseText } from "@/lib/i18n/void-status";

/**
 * Why an attempt is in Error, in a sentence; the code (and a network code) small beside it and the
 * stored message on hover, for whoever talks to support.
 */
export function ErrorCause({
  errorCode,
  errorMessage,
  t,
}: {
  errorCode: string;
  errorMessage: string | null | undefined;
  t: Pick<Dictionary, "voidStatus" | "appErrors">;
}) {
  const { sentence, code } = errorCauseText(t.voidStatus, t.appErrors, errorCode, errorMessage);
  return (
    <span data-testid="error-cause" title={errorMessage ?? undefined}>
      {sentence}{" "}
      <small className="muted mono" data-testid="error-code">
        {code}
      </small>
    </span>
  );
}
