"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { InputField } from "@/components/ui/field";
import { Table } from "@/components/ui/table";
import { format, type Dictionary } from "@/lib/i18n";
import type { ActionResult } from "@/lib/portal/actions/action-result";
import {
  removeCreditNoteRangeAction,
  reserveCreditNoteRangeAction,
} from "@/lib/portal/actions/credit-note-actions";
import { formValues } from "@/components/ui/form-values";

type Strings = Dictionary["creditNote"]["range"];

export interface CreditNoteRangeRow {
  id: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: string;
  createdBy: string;
}

/**
 * Secuencias → the E34 sub-ranges the portal's credit notes take numbers from: the list, and for
 * administrators the form that reserves one and a confirmed Quitar per range.
 */
export function CreditNoteRanges({
  s,
  cancel,
  ranges,
  canManage,
}: {
  s: Strings;
  cancel: string;
  ranges: CreditNoteRangeRow[];
  canManage: boolean;
}) {
  const router = useRouter();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [removing, setRemoving] = useState<CreditNoteRangeRow | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (call: () => Promise<ActionResult>, onOk?: () => void) =>
    startTransition(async () => {
      const answer = await call();
      setResult(answer);
      setRemoving(null);
      if (answer.ok) {
        onOk?.();
        router.refresh();
      }
    });
  return (
    <div className="stack">
      {ranges.length === 0 ? (
        <p data-testid="credit-note-ranges-none">{s.none}</p>
      ) : (
        <Table caption={s.caption} cards>
          <thead>
            <tr>
              <th scope="col">{s.from}</th>
              <th scope="col">{s.to}</th>
              <th scope="col">{s.count}</th>
              <th scope="col">{s.by}</th>
              {canManage ? <th scope="col">{s.remove}</th> : null}
            </tr>
          </thead>
          <tbody>
            {ranges.map((range) => (
              <tr key={range.id} data-testid="credit-note-range">
                <td data-label={s.from} data-card="first" className="mono">
                  {range.secuenciaDesde}
                </td>
                <td data-label={s.to} className="mono">
                  {range.secuenciaHasta}
                </td>
                <td data-label={s.count}>{range.cantidad}</td>
                <td data-label={s.by}>{range.createdBy}</td>
                {canManage ? (
                  <td data-label={s.remove}>
                    <Button
                      type="button"
                      size="small"
                      variant="danger"
                      disabled={pending}
                      onClick={() => setRemoving(range)}
                    >
                      {s.remove}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {canManage ? (
        <form
          className="row"
          data-testid="credit-note-range-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const data = formValues(form);
            run(
              () => reserveCreditNoteRangeAction(data),
              () => form.reset(),
            );
          }}
        >
          <InputField label={s.from} name="secuenciaDesde" hint={s.fromHint} spellCheck={false} required />
          <InputField label={s.to} name="secuenciaHasta" spellCheck={false} required />
          <div className="row">
            <Button type="submit" disabled={pending}>
              {s.save}
            </Button>
          </div>
        </form>
      ) : (
        <p className="muted">{s.adminOnly}</p>
      )}
      {result ? (
        <Banner
          tone={result.ok ? "success" : "danger"}
          role={result.ok ? "status" : "alert"}
          testId="credit-note-range-result"
        >
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <ConfirmActionDialog
        open={removing !== null}
        danger
        title={format(s.removeTitle, {
          from: removing?.secuenciaDesde ?? "",
          to: removing?.secuenciaHasta ?? "",
        })}
        cancelLabel={cancel}
        confirmLabel={s.remove}
        pending={pending}
        onCancel={() => {
          if (!pending) setRemoving(null);
        }}
        onConfirm={() => {
          if (removing) run(() => removeCreditNoteRangeAction(removing.id));
        }}
      >
        <p>{s.removeText}</p>
      </ConfirmActionDialog>
    </div>
  );
}
