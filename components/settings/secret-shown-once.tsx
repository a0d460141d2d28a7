import type { ReactNode } from "react";

import { Banner } from "@/components/ui/banner";
import type { Dictionary } from "@/lib/i18n";

import { CopyButton } from "./copy-button";
import styles from "./secret-shown-once.module.css";

export interface SecretShownOnceProps {
  title: ReactNode;
  /** It will not be shown again: copy it now. */
  warning: ReactNode;
  secret: string;
  testId: string;
  valueTestId: string;
  common: Pick<Dictionary["common"], "copy" | "copied" | "copyFailed">;
  /**
   * What the secret belongs to (a client id, a URL), listed above it; the secret then carries
   * `secretLabel` in that list. Without it the secret stands alone under the warning.
   */
  owner?: { label: ReactNode; value: ReactNode; testId?: string };
  secretLabel?: ReactNode;
  /** Below the secret (e.g. until when the previous one still works). */
  children?: ReactNode;
}

/**
 * A newly created or rotated secret (API key, service account, webhook): stored hashed, so this is
 * the one time it is seen. Announced at once (role="alert"), with a copy button.
 */
export function SecretShownOnce(props: SecretShownOnceProps) {
  const { secret, common, owner } = props;
  const value = (
    <div className="row row-centered">
      <code className={styles.secret} data-testid={props.valueTestId}>
        {secret}
      </code>
      <CopyButton
        text={secret}
        label={common.copy}
        copiedLabel={common.copied}
        failedLabel={common.copyFailed}
      />
    </div>
  );
  return (
    <Banner tone="success" role="alert" title={props.title} testId={props.testId}>
      <p>{props.warning}</p>
      {owner ? (
        <dl className="dl">
          <dt>{owner.label}</dt>
          <dd className="mono" data-testid={owner.testId}>
            {owner.value}
          </dd>
          <dt>{props.secretLabel}</dt>
          <dd>{value}</dd>
        </dl>
      ) : (
        value
      )}
      {props.children}
    </Banner>
  );
}
