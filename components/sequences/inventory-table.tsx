import type { ReactNode } from "react";

import { Table } from "@/components/ui/table";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import type { InventoryAlertView, InventoryView } from "@/lib/domain/ledger-views";

type Strings = Dictionary["sequences"]["inventory"];

/** Per series+type and authorization: issued, voided, unknown, available, last issued, next free, expiry, alerts. */
export function InventoryTable({
  inventory,
  s,
  locale,
  renderDelete,
}: {
  inventory: InventoryView;
  s: Strings;
  locale: Locale;
  renderDelete?: (id: string) => ReactNode;
}) {
  if (inventory.types.length === 0) return <p className="muted">{s.empty}</p>;
  const n = (value: number) => formatNumber(value, locale);
  const alertText = (alert: InventoryAlertView) =>
    alert.code === "EXPIRING"
      ? plural(s.alertLabels.EXPIRING, "days" in alert ? alert.days : 0, locale)
      : format(s.alertLabels[alert.code], { available: n("available" in alert ? alert.available : 0) });
  return (
    <Table caption={s.caption} data-testid="inventory-table" cards>
      <thead>
        <tr>
          <th scope="col">{s.type}</th>
          <th scope="col">{s.range}</th>
          <th scope="col" className="num">
            {s.issued}
          </th>
          <th scope="col" className="num">
            {s.voided}
          </th>
          <th scope="col" className="num">
            {s.unknown}
          </th>
          <th scope="col" className="num">
            {s.available}
          </th>
          <th scope="col">{s.highest}</th>
          <th scope="col">{s.nextFree}</th>
          <th scope="col">{s.expiry}</th>
          <th scope="col">{s.alerts}</th>
          {renderDelete ? <th scope="col" /> : null}
        </tr>
      </thead>
      <tbody>
        {inventory.types.flatMap((type) => {
          const label = `${type.serie}${type.tipoeCF}`;
          const rows = type.authorizations.map((authorization) => (
            <tr key={authorization.id} data-testid={`inventory-${label}`}>
              <th scope="row">{label}</th>
              <td data-label={s.range} data-card="wide">
                {format(s.rangeText, {
                  from: authorization.secuenciaDesde,
                  to: authorization.secuenciaHasta,
                })}
              </td>
              <td className="num" data-label={s.issued} data-card="first">
                {n(authorization.issued)}
              </td>
              <td className="num" data-label={s.voided} data-card="first">
                {n(authorization.voided)}
              </td>
              <td className="num" data-label={s.unknown} data-card="first">
                {n(authorization.unknown)}
              </td>
              <td className="num" data-label={s.available} data-card="first">
                {n(authorization.available)}
              </td>
              <td data-label={s.highest}>{authorization.highestIssued ?? "—"}</td>
              <td data-label={s.nextFree}>{authorization.nextFree ?? "—"}</td>
              <td data-label={s.expiry}>{authorization.fechaVencimiento ?? s.noExpiry}</td>
              <td data-card="first wide">
                {authorization.alerts.map((alert) => (
                  <p key={alert.code} data-testid="inventory-alert">
                    <strong>{alertText(alert)}</strong>
                  </p>
                ))}
              </td>
              {renderDelete ? <td>{renderDelete(authorization.id)}</td> : null}
            </tr>
          ));
          const outside = type.outsideAuthorizations;
          if (type.authorizations.length === 0 || outside.issued + outside.voided > 0) {
            rows.push(
              <tr key={`${label}-outside`} data-testid={`inventory-${label}`}>
                <th scope="row">{label}</th>
                <td data-label={s.range} data-card="wide">
                  {type.authorizations.length === 0
                    ? s.noAuthorization
                    : format(s.outside, {
                        issued: plural(s.outsideIssued, outside.issued, locale),
                        voided: plural(s.outsideVoided, outside.voided, locale),
                      })}
                </td>
                <td className="num" data-label={s.issued} data-card="first">
                  {n(outside.issued)}
                </td>
                <td className="num" data-label={s.voided} data-card="first">
                  {n(outside.voided)}
                </td>
                <td className="num" data-label={s.unknown} data-card="first">
                  {type.authorizations.length === 0 ? n(type.unknown) : "—"}
                </td>
                <td className="num" data-label={s.available}>
                  {"—"}
                </td>
                <td data-label={s.highest}>{type.highestIssued ?? "—"}</td>
                <td data-label={s.nextFree}>{"—"}</td>
                <td data-label={s.expiry}>{"—"}</td>
                <td />
                {renderDelete ? <td /> : null}
              </tr>,
            );
          }
          return rows;
        })}
      </tbody>
    </Table>
  );
}
