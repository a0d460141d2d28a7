"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/use-confirm";
import { Badge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { format, type Dictionary } from "@/lib/i18n";
import { linkCertificateAction } from "@/lib/portal/actions/settings-actions";

export interface SharedCertificateRow {
  id: string;
  subject: string;
  validUntil: string;
  expired: boolean;
  /** RNCs of the organization's companies it signs for. */
  companies: string[];
}

/**
 * The organization's certificates that do not sign for this company (uploaded for another one), and
 * for administrators "Usar en esta empresa": one delegated signer uploaded once, linked to each.
 */
export function SharedCertificates({
  certificates,
  canEdit,
  t,
  dialogs,
}: {
  certificates: SharedCertificateRow[];
  canEdit: boolean;
  t: Dictionary["settings"]["sharedCertificates"];
  /** The confirmation's title and buttons. */
  dialogs: Dictionary["dialogs"];
}) {
  const router = useRouter();
  const [confirmDialog, confirm] = useConfirm();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();

  async function onUse(row: SharedCertificateRow) {
    const yes = await confirm({
      title: dialogs.useCertificate.title,
      message: format(t.confirmUse, { subject: row.subject }),
      confirmLabel: t.use,
      cancelLabel: dialogs.cancel,
      confirmTestId: "use-certificate-confirm",
    });
    if (!yes) return;
    startTransition(async () => {
      setResult(await linkCertificateAction(row.id));
      router.refresh();
    });
  }

  return (
    <div className="stack">
      {confirmDialog}
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="shared-certificate-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <Table caption={t.title} data-testid="shared-certificates">
        <thead>
          <tr>
            <th scope="col">{t.subject}</th>
            <th scope="col">{t.validUntil}</th>
            <th scope="col">{t.companies}</th>
            {canEdit ? (
              <th scope="col">
                <span className="visually-hidden">{t.use}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {certificates.map((row) => (
            <tr key={row.id}>
              <td>{row.subject}</td>
              <td className="mono">
                {row.validUntil} {row.expired ? <Badge tone="danger">{t.expired}</Badge> : null}
              </td>
              <td className="mono">{row.companies.length > 0 ? row.companies.join(", ") : t.noCompanies}</td>
              {canEdit ? (
                <td>
                  {row.expired ? null : (
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={pending}
                      onClick={() => onUse(row)}
                      aria-label={format(t.useNamed, { subject: row.subject })}
                    >
                      {t.use}
                    </Button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
