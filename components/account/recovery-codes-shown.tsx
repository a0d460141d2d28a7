"use client";

import { CopyButton } from "@/components/settings/copy-button";
import { Banner } from "@/components/ui/banner";
import { Button, buttonClass } from "@/components/ui/button";
import { format, type Dictionary } from "@/lib/i18n";

/**
 * The second factor's recovery codes, right after they were made: stored hashed, so this is the one
 * time they are seen. Copy or download them; "done" hides them for good.
 */
export function RecoveryCodesShown({
  codes,
  email,
  t,
  copyFailed,
  onDone,
}: {
  codes: string[];
  email: string;
  t: Dictionary["signInRecovery"]["recoveryCodes"];
  copyFailed: string;
  onDone: () => void;
}) {
  const text = `${format(t.fileHeader, { email })}\n\n${codes.join("\n")}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <Banner tone="warning" role="alert" testId="recovery-codes">
      <p>
        <strong>{t.title}</strong>
      </p>
      <p>{t.intro}</p>
      <ol className="mono" data-testid="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="row row-centered">
        <CopyButton text={codes.join("\n")} label={t.copy} copiedLabel={t.copied} failedLabel={copyFailed} />
        <a
          className={buttonClass("secondary")}
          href={href}
          download="anula-codigos-de-recuperacion.txt"
          data-testid="recovery-download"
        >
          {t.download}
        </a>
        <Button type="button" variant="secondary" onClick={onDone} data-testid="recovery-done">
          {t.done}
        </Button>
      </div>
    </Banner>
  );
}
