"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

import styles from "./dialog.module.css";

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Escape or the backdrop's cancel: the owner decides (it may refuse while something is running). */
  onCancel(): void;
  /** The buttons row, right-aligned at the bottom. */
  buttons?: ReactNode;
  /** A red frame: the action is real and irreversible (production). */
  danger?: boolean;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() traps focus, Escape cancels, the page behind is inert.
 * The title labels it for screen readers.
 */
export function Dialog({ open, title, onCancel, buttons, danger, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${danger ? styles.production : ""}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
      {buttons ? <div className={styles.buttons}>{buttons}</div> : null}
    </dialog>
  );
}
