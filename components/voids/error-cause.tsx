import type { Dictionary } from "@/lib/i18n";
import { errorCauseText, errorDetailText } from "@/lib/i18n/void-status";

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

/**
 * A stored transport message where the page already says the reason: a network failure or timeout
 * in a sentence with its code small ("ECONNRESET"), anything else as stored.
 */
export function ErrorDetail({ message, t }: { message: string; t: Dictionary["voidStatus"] }) {
  const detail = errorDetailText(t, message);
  if (!detail) return <>{message}</>;
  return (
    <span data-testid="error-detail" title={message}>
      {detail.sentence}
      {detail.code ? (
        <>
          {" "}
          <small className="muted mono">{detail.code}</small>
        </>
      ) : null}
    </span>
  );
}
