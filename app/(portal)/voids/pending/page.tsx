import type { Metadata } from "next";

import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";
import { IssuedReviewSection } from "@/components/voids/settle/issued-review-section";
import { ErrorCause } from "@/components/voids/error-cause";
import { ShortVoidId } from "@/components/voids/short-void-id";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { getI18n } from "@/lib/portal/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { listIssuedInReview } from "@/lib/server/issuing/review/list-in-review";
import {
  listNeedsReview,
  listPendingRows,
  type PendingVoidRow,
} from "@/lib/server/voids/settlement-repository";

import styles from "@/components/voids/settle/settle.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.voidSettle.queue.title);
}

const PAGE_SIZE = 25;
const REVIEW_SHOWN = 25;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `after=<createdAt>.<voidId>`: the keyset position of the next page (oldest first). */
function readAfter(value: string | string[] | undefined): { createdAt: number; voidId: string } | undefined {
  const match = typeof value === "string" ? /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(value) : null;
  return match ? { createdAt: Number(match[1]), voidId: match[2]! } : undefined;
}

/**
 * Por confirmar: every Error void of the company in the current environment, oldest first, with
 * what is known of each, and the settled ones a later DGII answer disagrees with (needsReview);
 * beside them, the issued e-CF the follow-up left for a person (first page only).
 */
export default async function PendingVoidsPage({ searchParams }: { searchParams: SearchParams }) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const query = await searchParams;
  const after = readAfter(query.after);
  const q = t.voidSettle.queue;
  const [rows, review, issued] = await Promise.all([
    listPendingRows(auth.accountId, environment, PAGE_SIZE + 1, after),
    after ? Promise.resolve([]) : listNeedsReview(auth.accountId, environment, REVIEW_SHOWN),
    after ? Promise.resolve(null) : listIssuedInReview(auth.accountId, environment),
  ]);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page[page.length - 1];
  const copy = { label: t.finding.copy, copied: t.finding.copied };
  const columns = q.columns;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{q.title}</h1>
          <p className="muted">{format(q.intro, { environment: t.environments[environment] })}</p>
        </div>
      </div>
      {review.length > 0 ? (
        <Card title={q.reviewTitle} data-testid="review-list">
          <p>{q.reviewIntro}</p>
          <ul>
            {review.map((item) => (
              <li key={item.voidId}>
                <ShortVoidId
                  voidId={item.voidId}
                  href={`/voids/${item.voidId}?env=${environment}`}
                  copy={copy}
                />{" "}
                <StatusBadge status={item.status} label={t.voidStatus.labels[item.status]} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Table caption={format(q.caption, { environment })} data-testid="pending-table" cards>
        <thead>
          <tr>
            <th scope="col">{q.columns.createdAt}</th>
            <th scope="col">{q.columns.voidId}</th>
            <th scope="col">{q.columns.fecha}</th>
            <th scope="col" className="num">
              {q.columns.total}
            </th>
            <th scope="col">{q.columns.known}</th>
            <th scope="col">{q.columns.attempts}</th>
            <th scope="col">{q.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {page.length === 0 ? (
            <tr>
              <td colSpan={7}>{q.empty}</td>
            </tr>
          ) : (
            page.map((row) => (
              <tr key={row.voidId} data-testid="pending-row" data-void-id={row.voidId}>
                <td className="mono" data-label={columns.createdAt}>
                  {formatFechaHora(row.createdAt)}
                </td>
                <td data-label={columns.voidId}>
                  <ShortVoidId
                    voidId={row.voidId}
                    href={`/voids/${row.voidId}?env=${row.environment}`}
                    copy={copy}
                  />
                </td>
                <td className="mono" data-label={columns.fecha}>
                  {row.fechaHoraAnulacion}
                </td>
                <td className="num" data-label={columns.total} data-card="first" data-testid="pending-total">
                  {formatNumber(row.totalVoided, locale)}
                </td>
                <td data-label={columns.known} data-card="first wide" data-testid="pending-known">
                  <Known row={row} t={t} />
                </td>
                <td data-label={columns.attempts}>
                  {row.attemptCount === 0
                    ? t.voidSettle.known.noAttempts
                    : plural(t.voidSettle.known.attempts, row.attemptCount, locale)}
                </td>
                <td data-card="wide">
                  <ButtonLink href={`/voids/${row.voidId}?env=${row.environment}#settle-ways`} small>
                    {q.open}
                  </ButtonLink>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <PageNav
        count={page.length}
        next={rows.length > page.length && last ? `${last.createdAt}.${last.voidId}` : null}
        first={after !== undefined}
        t={q}
        locale={locale}
      />
      {issued && issued.total > 0 ? (
        <IssuedReviewSection
          list={issued}
          environment={environment}
          mayDecide={mayTake(auth, "documents.settle")}
          t={t}
        />
      ) : null}
    </>
  );
}

/** What is known of one unknown void: signed (always, it was stored after signing), sent, answered, why Error. */
function Known({ row, t }: { row: PendingVoidRow; t: Dictionary }) {
  const k = t.voidSettle.known;
  const sent =
    row.errorCode === "TAXAUTH_AUTH_ERROR"
      ? k.notSent
      : row.sending
        ? k.sending
        : row.errorCode === "INTERRUPTED"
          ? k.interrupted
          : k.maybeSent;
  return (
    <ul className={styles.known}>
      <li>{k.signed}</li>
      <li>{sent}</li>
      <li>
        {row.taxauthCode === null
          ? k.noAnswer
          : [
              format(k.answer, { code: row.taxauthCode, name: row.taxauthName ?? "" }),
              ...row.taxauthResponse,
            ].join(" · ")}
      </li>
      {row.errorCode ? (
        <li>
          <ErrorCause errorCode={row.errorCode} errorMessage={row.errorMessage} t={t} />
        </li>
      ) : null}
    </ul>
  );
}

function PageNav({
  count,
  next,
  first,
  t,
  locale,
}: {
  count: number;
  next: string | null;
  first: boolean;
  t: Dictionary["voidSettle"]["queue"];
  locale: Locale;
}) {
  return (
    <nav className="row row-centered spaced" aria-label={t.pagination}>
      {count > 0 ? <span className="muted">{plural(t.pageInfo, count, locale)}</span> : null}
      {first ? (
        <ButtonLink href="/voids/pending" small>
          {t.firstPage}
        </ButtonLink>
      ) : null}
      {next ? (
        <ButtonLink href={`/voids/pending?after=${next}`} small rel="next" data-testid="pending-next">
          {t.nextPage}
        </ButtonLink>
      ) : null}
    </nav>
  );
}
