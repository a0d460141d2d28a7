import type { Metadata } from "next";
import Link from "next/link";

import { RequestStatusBadge } from "@/components/approvals/request-parts";
import { ButtonLink } from "@/components/ui/button";
import { Table } from "@/components/ui/table";
import { ShortVoidId } from "@/components/voids/short-void-id";
import { reasonLabel } from "@/components/voids/void-reason";
import { formatFechaHora } from "@/lib/domain/fecha";
import { mayDecide } from "@/lib/domain/void-requests";
import { format, formatNumber, plural } from "@/lib/i18n";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { listVoidRequests } from "@/lib/server/approvals/list-void-requests";
import type { VoidRequestSummary } from "@/lib/server/approvals/void-request-repository";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.approvals.list.title);
}

/** Decided requests per page (pending ones are all listed first, up to PENDING_SHOWN). */
const PAGE_SIZE = 50;
const PENDING_SHOWN = 100;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Solicitudes de anulación: the company's void requests in the current environment, pending first
 * (then the others, newest first, paged). Approvers decide from a request's page; a requester sees
 * their requests and their status ("Mis solicitudes" keeps only theirs).
 */
export default async function VoidRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const query = await searchParams;
  const next = typeof query.next === "string" && query.next.length <= 500 ? query.next : undefined;
  const mine = query.mine === "1";
  const l = t.approvals.list;
  const approver = mayTake(auth, "voids.approve");
  const [pending, decided] = await Promise.all([
    next
      ? Promise.resolve(null)
      : listVoidRequests(auth.accountId, environment, { status: "Pendiente", limit: PENDING_SHOWN }),
    listVoidRequests(auth.accountId, environment, {
      limit: PAGE_SIZE,
      ...(next ? { nextToken: next } : {}),
    }).catch(
      // A stale or edited page link: the first page instead of an error page.
      () => listVoidRequests(auth.accountId, environment, { limit: PAGE_SIZE }),
    ),
  ]);
  const own = (request: VoidRequestSummary) => !mine || request.requestedByUserId === auth.userId;
  const rows = [
    ...(pending?.items ?? []),
    ...decided.items.filter((request) => request.status !== "Pendiente"),
  ].filter(own);
  const forMe = (pending?.items ?? []).filter((request) =>
    mayDecide(request, auth.userId, auth.roles),
  ).length;
  const c = l.columns;
  const copy = { label: t.finding.copy, copied: t.finding.copied };
  const environmentName = t.environments[environment];
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{l.title}</h1>
          <p className="muted">
            {format(approver ? l.intro : l.introRequester, { environment: environmentName })}
          </p>
          {approver && forMe > 0 ? (
            <p data-testid="requests-for-me">
              <strong>{plural(l.pendingCount, forMe, locale)}</strong>
            </p>
          ) : null}
        </div>
        <nav className="row" aria-label={l.filterLabel}>
          <Link href="/voids/requests" aria-current={mine ? undefined : "page"}>
            {l.filters.all}
          </Link>
          <Link href="/voids/requests?mine=1" aria-current={mine ? "page" : undefined}>
            {l.filters.mine}
          </Link>
        </nav>
      </div>
      <Table caption={format(l.caption, { environment })} data-testid="void-requests" cards>
        <thead>
          <tr>
            <th scope="col">{c.requestedAt}</th>
            <th scope="col">{c.request}</th>
            <th scope="col">{c.status}</th>
            <th scope="col" className="num">
              {c.total}
            </th>
            <th scope="col">{c.reason}</th>
            <th scope="col">{c.requestedBy}</th>
            <th scope="col">{c.expiresAt}</th>
            <th scope="col">{c.action}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={8}>{l.empty}</td>
            </tr>
          ) : (
            rows.map((request) => {
              const href = `/voids/requests/${request.requestId}?env=${request.environment}`;
              const decide = mayDecide(request, auth.userId, auth.roles);
              return (
                <tr
                  key={request.requestId}
                  data-testid="void-request-row"
                  data-request-id={request.requestId}
                  data-status={request.status}
                >
                  <td className="mono" data-label={c.requestedAt}>
                    {formatFechaHora(request.requestedAt)}
                  </td>
                  <td data-label={c.request}>
                    <ShortVoidId voidId={request.requestId} href={href} copy={copy} />
                  </td>
                  <td data-label={c.status} data-card="first">
                    <RequestStatusBadge status={request.status} t={t.approvals} />
                  </td>
                  <td className="num" data-label={c.total} data-card="first">
                    {formatNumber(request.totalVoided, locale)}
                  </td>
                  <td data-label={c.reason}>{reasonLabel(request.reason, t.voidReasons)}</td>
                  <td data-label={c.requestedBy}>
                    {request.requestedBy}
                    {request.requestedByUserId === auth.userId ? ` (${l.mine})` : ""}
                  </td>
                  {/* A decided request expires no more: on a phone's compact row its "—" is left out. */}
                  <td
                    className="mono"
                    data-label={c.expiresAt}
                    data-card={request.status === "Pendiente" ? undefined : "secondary"}
                  >
                    {request.status === "Pendiente" ? formatFechaHora(request.expiresAt) : t.common.none}
                  </td>
                  <td data-card="wide">
                    <ButtonLink href={href} small variant={decide ? "primary" : "secondary"}>
                      {decide ? l.review : l.open}
                    </ButtonLink>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </Table>
      <nav className="row row-centered spaced" aria-label={l.pagination}>
        {rows.length > 0 ? <span className="muted">{plural(l.pageInfo, rows.length, locale)}</span> : null}
        {next ? (
          <ButtonLink href={mine ? "/voids/requests?mine=1" : "/voids/requests"} small>
            {l.firstPage}
          </ButtonLink>
        ) : null}
        {decided.nextToken ? (
          <ButtonLink
            href={`/voids/requests?next=${encodeURIComponent(decided.nextToken)}${mine ? "&mine=1" : ""}`}
            small
            rel="next"
          >
            {l.nextPage}
          </ButtonLink>
        ) : null}
      </nav>
    </>
  );
}
