"use client";

import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";

import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";

/** One question for the person, in the portal's language: what happens, and the two buttons. */
export interface ConfirmQuestion {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A red frame and button: production, or something that cannot be undone. */
  danger?: boolean;
  confirmTestId?: string;
}

interface Asking {
  question: ConfirmQuestion;
  answer(yes: boolean): void;
}

/**
 * The answers of the confirm dialog as promises, outside React so they can be tested: one question
 * at a time (a new one answers the open one "no"), each answered once.
 */
export function createConfirmer(onChange: (asking: Asking | null) => void) {
  let open: Asking | null = null;
  return {
    ask(question: ConfirmQuestion): Promise<boolean> {
      open?.answer(false);
      return new Promise<boolean>((resolve) => {
        const asking: Asking = {
          question,
          answer(yes) {
            if (open !== asking) return;
            open = null;
            onChange(null);
            resolve(yes);
          },
        };
        open = asking;
        onChange(asking);
      });
    },
    /** The component goes away: an open question is answered "no". */
    dispose() {
      open?.answer(false);
    },
  };
}

/**
 * The design system's confirmation instead of the browser's `confirm()` (whose buttons speak the
 * browser's language, not the portal's): `const [dialog, confirm] = useConfirm()`, render `dialog`,
 * and `if (await confirm({...}))` where `window.confirm` was.
 */
export function useConfirm(): [ReactNode, (question: ConfirmQuestion) => Promise<boolean>] {
  const [asking, setAsking] = useState<Asking | null>(null);
  const confirmer = useMemo(() => createConfirmer(setAsking), []);
  useEffect(() => () => confirmer.dispose(), [confirmer]);
  const confirm = useCallback((question: ConfirmQuestion) => confirmer.ask(question), [confirmer]);
  const dialog = asking ? <ConfirmQuestionDialog asking={asking} /> : null;
  return [dialog, confirm];
}

/** The open question as the shared ConfirmActionDialog. */
export function ConfirmQuestionDialog({ asking }: { asking: Asking }) {
  const { question } = asking;
  return (
    <ConfirmActionDialog
      open
      title={question.title}
      danger={question.danger}
      cancelLabel={question.cancelLabel}
      confirmLabel={question.confirmLabel}
      confirmTestId={question.confirmTestId ?? "confirm-question-yes"}
      pending={false}
      onCancel={() => asking.answer(false)}
      onConfirm={() => asking.answer(true)}
    >
      <p data-testid="confirm-question">{question.message}</p>
    </ConfirmActionDialog>
  );
}
