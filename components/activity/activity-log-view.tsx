import { Button, ButtonLink } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { DayField } from "@/components/ui/day-field";
import { InputField, SelectField } from "@/components/ui/field";
import { Table } from "@/components/ui/table";
import { ACTIVITY_ACTIONS, activityActionLabel } from "@/lib/domain/activity-actions";
import type { Dictionary } from "@/lib/i18n";
import type { ActivityPageFilters, ActivityRowText } from "@/lib/portal/activity-view";

export interface ActivityLogViewProps {
  /** The page the filter form and the paging links go to ("/settings/activity"). */
  basePath: string;
  /** The CSV export with the same filters, or null where there is none. */
  exportHref: string | null;
  filters: ActivityPageFilters;
  rows: ActivityRowText[];
  /** The next (older) page's URL, or null on the last page. */
  nextHref: string | null;
  /** The first page's URL when this is not it. */
  firstHref: string | null;
  t: Dictionary["activity"];
  /** common.dayFormat: how the date filters are typed. */
  dayFormat: string;
}

/**
 * The activity log: a plain GET filter form (period, action, who), the entries newest first, and
 * links to older pages and to the CSV. Read-only: the log has no edit or delete anywhere.
 */
export function ActivityLogView({
  basePath,
  exportHref,
  filters,
  rows,
  nextHref,
  firstHref,
  t,
  dayFormat,
}: ActivityLogViewProps) {
  return (
    <>
      <form
        method="get"
        action={basePath}
        className={cardClass}
        aria-label={t.filters}
        data-testid="activity-filters"
      >
        <div className="row">
          <DayField label={t.from} name="from" format={dayFormat} defaultValue={filters.from ?? ""} />
          <DayField label={t.to} name="to" format={dayFormat} defaultValue={filters.to ?? ""} />
          <SelectField
            label={t.action}
            name="action"
            defaultValue={filters.action ?? ""}
            options={[
              { value: "", label: t.anyAction },
              ...ACTIVITY_ACTIONS.map((action) => ({
                value: action,
                label: activityActionLabel(t.actions, action),
              })),
            ]}
          />
          <InputField label={t.actor} name="actor" type="search" defaultValue={filters.actor ?? ""} />
          <Button type="submit">{t.apply}</Button>
          <ButtonLink href={basePath} plain>
            {t.clear}
          </ButtonLink>
          {exportHref ? (
            <ButtonLink href={exportHref} plain data-testid="activity-export">
              {t.export}
            </ButtonLink>
          ) : null}
        </div>
      </form>
      {rows.length === 0 ? (
        <p className="muted" data-testid="activity-empty">
          {t.empty}
        </p>
      ) : (
        <Table caption={t.title} cards data-testid="activity-table">
          <thead>
            <tr>
              <th scope="col">{t.columns.when}</th>
              <th scope="col">{t.columns.action}</th>
              <th scope="col">{t.columns.actor}</th>
              <th scope="col">{t.columns.details}</th>
              <th scope="col">{t.columns.environment}</th>
              <th scope="col">{t.columns.ip}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="activity-row" data-action={row.code}>
                <td data-label={t.columns.when} className="mono">
                  {row.when}
                </td>
                <td data-label={t.columns.action} data-card="first">
                  {row.action}
                </td>
                <td data-label={t.columns.actor}>
                  {row.actor}
                  {/* On a phone's compact row the kind is left out: the name says it ("… (cuenta de servicio …)"). */}
                  <span className="muted" data-card="secondary">
                    {" "}
                    · {row.actorType}
                  </span>
                </td>
                <td data-label={t.columns.details} data-card="wide">
                  {row.details}
                </td>
                <td data-label={t.columns.environment}>{row.environment || t.everyEnvironment}</td>
                {/* On a phone's compact row the address is left out: the CSV export keeps it. */}
                <td data-label={t.columns.ip} data-card="secondary" className="mono">
                  {row.ip}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="row">
        {firstHref ? (
          <ButtonLink href={firstHref} plain data-testid="activity-first">
            {t.first}
          </ButtonLink>
        ) : null}
        {nextHref ? (
          <ButtonLink href={nextHref} plain data-testid="activity-next">
            {t.next}
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}
