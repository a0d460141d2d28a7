import { Button, ButtonLink } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { DayField } from "@/components/ui/day-field";
import { SelectField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { VOID_REASON_CODES } from "@/lib/domain/void-reasons";
import type { VoidFilters } from "@/lib/portal/void-filters";
import { VOID_STATUSES } from "@/lib/schemas/void-ncf-list";

import { reasonLabel } from "./void-reason";

export interface VoidFiltersFormProps {
  filters: VoidFilters;
  t: Dictionary["voids"] & { environment: string; clear: string; dayFormat: string };
  statusLabels: Dictionary["voidStatus"]["labels"];
  /** The reason filter's labels. */
  reasons: Dictionary["voidReasons"];
  /** Unused since the header's control is the only environment choice; kept for callers. */
  environmentLabels?: Dictionary["environments"];
}

/**
 * A plain GET form: filters live in the URL and the server lists (works without JavaScript too).
 * No environment of its own: the list follows the header's environment control, the portal's only one.
 */
export function VoidFiltersForm({ filters, t, statusLabels, reasons }: VoidFiltersFormProps) {
  return (
    <form
      method="get"
      action="/voids"
      className={cardClass}
      aria-label={t.filters}
      data-testid="void-filters"
    >
      <div className="row">
        <SelectField
          label={t.status}
          name="status"
          defaultValue={filters.status ?? ""}
          options={[
            { value: "", label: t.anyStatus },
            ...VOID_STATUSES.map((status) => ({ value: status, label: statusLabels[status] })),
          ]}
        />
        <SelectField
          label={reasons.history.filter}
          name="motivo"
          defaultValue={filters.reason ?? ""}
          data-testid="reason-filter"
          options={[
            { value: "", label: reasons.history.any },
            ...VOID_REASON_CODES.map((code) => ({
              value: code,
              label: reasonLabel({ code, text: null }, reasons),
            })),
            { value: "none", label: reasons.none },
          ]}
        />
        <DayField label={t.from} name="from" format={t.dayFormat} defaultValue={filters.from ?? ""} />
        <DayField label={t.to} name="to" format={t.dayFormat} defaultValue={filters.to ?? ""} />
        <Button type="submit">{t.apply}</Button>
        <ButtonLink href="/voids" plain>
          {t.clear}
        </ButtonLink>
      </div>
    </form>
  );
}
