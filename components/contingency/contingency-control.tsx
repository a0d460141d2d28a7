"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/use-confirm";
import { format, type Dictionary } from "@/lib/i18n";
import { declareContingencyAction, endContingencyAction } from "@/lib/portal/actions/contingency-actions";

/**
 * The environment's connectivity contingency: whether one is declared (since when, by whom) and, for
 * administrators, the button that declares or ends it, after a confirmation.
 */
export function ContingencyControl({
  environment,
  environmentLabel,
  open,
  canEdit,
  t,
}: {
  environment: string;
  environmentLabel: string;
  open: { date: string; by: string } | null;
  canEdit: boolean;
  t: Dictionary["contingency"];
}) {
  const router = useRouter();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const [confirmDialog, askConfirm] = useConfirm();

  async function onClick() {
    const words = { environment: environmentLabel };
    const yes = await askConfirm({
      title: open ? t.end : t.declare,
      message: format(open ? t.confirmEnd : t.confirmDeclare, words),
      confirmLabel: open ? t.end : t.declare,
      cancelLabel: t.cancel,
      danger: !open,
      confirmTestId: "contingency-confirm",
    });
    if (!yes) return;
    startTransition(async () => {
      setResult(await (open ? endContingencyAction(environment) : declareContingencyAction(environment)));
      router.refresh();
    });
  }

  return (
    <div className="stack">
      <p data-testid="contingency-state">
        {open
          ? format(t.stateDeclared, { environment: environmentLabel, ...open })
          : format(t.stateNone, { environment: environmentLabel })}
      </p>
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="contingency-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      {canEdit ? (
        <div>
          <Button
            variant={open ? "secondary" : "danger"}
            disabled={pending}
            onClick={() => void onClick()}
            data-testid="contingency-toggle"
          >
            {open ? t.end : t.declare}
          </Button>
        </div>
      ) : null}
      {confirmDialog}
    </div>
  );
}
