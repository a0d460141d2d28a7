import type { ReactNode } from "react";

import styles from "./banner.module.css";

export type Tone = "success" | "danger" | "warning" | "info" | "neutral";

export interface BannerProps {
  tone: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** "alert" for something that just happened (announced at once); "status" otherwise. */
  role?: "alert" | "status";
  testId?: string;
}

/** A message block whose meaning never depends on colour alone: it carries a title or text. */
export function Banner({ tone, title, children, role, testId }: BannerProps) {
  return (
    <div className={styles.banner} data-tone={tone} role={role} data-testid={testId}>
      {title ? (
        <p>
          <strong>{title}</strong>
        </p>
      ) : null}
      {children}
    </div>
  );
}
