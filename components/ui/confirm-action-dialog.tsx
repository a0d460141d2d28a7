"use client";

import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export interface ConfirmActionDialogProps {
  open: boolean;
  title: ReactNode;
  /** A red frame and a red button: the action deletes or grants something that cannot be taken back. */
  danger?: boolean;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  confirmTestId?: string;
  /** While the action runs both buttons are disabled. */
  pending: boolean;
  /** Escape, the backdrop and Cancel: the owner decides (it may refuse while pending). */
  onCancel(): void;
  onConfirm(): void;
  /** What will happen, in plain words (and any field the action needs). */
  children: ReactNode;
}

/** Asks once before a settings action (delete, rotate, grant, reject): Cancel, then the action. */
export function ConfirmActionDialog(props: ConfirmActionDialogProps) {
  const { pending } = props;
  return (
    <Dialog
      open={props.open}
      title={props.title}
      danger={props.danger}
      onCancel={props.onCancel}
      buttons={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={pending}>
            {props.cancelLabel}
          </Button>
          <Button
            variant={props.danger ? "danger" : "primary"}
            onClick={props.onConfirm}
            disabled={pending}
            aria-busy={pending || undefined}
            data-testid={props.confirmTestId}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}
