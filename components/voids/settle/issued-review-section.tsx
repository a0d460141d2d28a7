import Link from "next/link";

import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import type { Environment } from "@/lib/domain/environments";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format, type Dictionary } from "@/lib/i18n";
import type { IssuedInReviewList } from "@/lib/schemas/issued-review";

import { IssuedDecisionDialog } from "./issued-decision-dialog";

export interface IssuedReviewSectionProps {
  list: IssuedInReviewList;
  environment: Environment;
  /** The person may decide (approver): each row opens the decision dialog. */
  mayDecide: boolean;
  t: Dictionary;
}

/**
 * "e-CF emitidos" on Por confirmar: the company's issued e-CF the follow-up left for a person, with
 * why (in words), where they stand and the decision dialog.
 */
export function IssuedReviewSection({ list, environment, mayDecide, t }: IssuedReviewSectionProps) {
  const s = t.voidSettle.issued;
  const columns = s.columns;
  return (
    <Card title={s.title} data-testid="issued-review">
      <p>{s.intro}</p>
      {list.total > list.items.length ? (
        <p className="muted">
          {format(s.more, { shown: String(list.items.length), total: String(list.total) })}
        </p>
      ) : null}
      {mayDecide ? null : <p className="muted">{s.approverOnly}</p>}
      <Table caption={format(s.caption, { environment })} data-testid="issued-review-table" cards>
        <thead>
          <tr>
            <th scope="col">{columns.ncf}</th>
            <th scope="col">{columns.reason}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.trackId}</th>
            <th scope="col">{columns.issuedAt}</th>
            {mayDecide ? <th scope="col">{columns.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {list.items.length === 0 ? (
            <tr>
              <td colSpan={mayDecide ? 6 : 5}>{s.empty}</td>
            </tr>
          ) : (
            list.items.map((item) => (
              <tr key={item.ncf} data-testid="issued-review-row" data-ecf={item.ncf}>
                <td className="mono" data-label={columns.ncf} data-card="first">
                  <Link href={`/documents/${item.ncf}`}>{item.ncf}</Link>
                </td>
                <td data-label={columns.reason} data-card="wide" data-testid="issued-review-reason">
                  {s.reasons[item.reviewReason]}
                </td>
                <td data-label={columns.status}>
                  <StatusBadge status={item.status} label={item.status} />
                </td>
                <td className="mono" data-label={columns.trackId}>
                  {item.trackId ?? s.noTrackId}
                </td>
                <td className="mono" data-label={columns.issuedAt}>
                  {item.issuedAt === null ? "" : formatFechaHora(item.issuedAt)}
                </td>
                {mayDecide ? (
                  <td data-card="wide">
                    <IssuedDecisionDialog
                      ecf={item.ncf}
                      environment={environment}
                      production={environment === "eCF"}
                      t={s}
                      cancel={t.common.cancel}
                    />
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </Card>
  );
}
