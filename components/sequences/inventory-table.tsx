import type { ReactNode } from "react";

import { Table } from "@/components/ui/table";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import type { InventoryAlertView, InventoryView } from "@/lib/domain/ledger-views";

import { UseSparkline } from "./use-sparkline";

type Strings = Dictionary["sequences"]["inventory"];
type TypeView = InventoryView["types"][number];
type Forecast = TypeView["authorizations"][number]["forecast"];

/** yyyy-MM-dd → dd-MM-yyyy (the portal's day format, as DGII writes dates). */
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/**
 * Per series+type and authorization: issued, voided, unknown, available, last issued, next free, expiry,
 * alerts, and the forecast — the type's pace with a chart of its last 90 days, when the authorization
 * runs out, the day to request the next one and the numbers left unused at expiry.
 */
export function InventoryTable({
  inventory,
  s,
  locale,
  renderDelete,
  forecastSettings,
}: {
  inventory: InventoryView;
  s: Strings;
  locale: Locale;
  renderDelete?: (id: string) => ReactNode;
  forecastSettings?: { leadDays: number; unusedPercent: number };
}) {
  if (inventory.types.length === 0) return <p className="muted">{s.empty}</p>;
  const n = (value: number) => formatNumber(value, locale);
  const pace = (value: number | null) => (value === null ? "—" : formatNumber(value, locale, 1));
  const paceCell = (type: TypeView, label: string) => (
    <td data-label={s.pace} data-card="wide">
      {type.use.enoughHistory ? (
        <p>{format(s.paceText, { pace30: pace(type.use.pace30), pace90: pace(type.use.pace90) })}</p>
      ) : (
        <p className="muted" data-testid="inventory-not-enough-history">
          {format(s.notEnoughHistory, { days: n(type.use.historyDays) })}
        </p>
      )}
      <UseSparkline
        daily={type.use.daily}
        label={format(s.chartLabel, {
          label,
          total: n(type.use.daily.reduce((sum, count) => sum + count, 0)),
          max: n(Math.max(0, ...type.use.daily)),
          pace30: pace(type.use.pace30),
        })}
      />
    </td>
  );
  const forecastCells = (forecast: Forecast) => {
    const shown = forecast.status === "forecast";
    return (
      <>
        <td data-label={s.runsOut} data-testid="inventory-runs-out">
          {!shown ? "—" : forecast.runsOutOn ? dmy(forecast.runsOutOn) : s.runsOutAfterExpiry}
        </td>
        <td data-label={s.requestBy} data-testid="inventory-request-by">
          {shown && forecast.requestBy ? (
            forecast.requestByNear ? (
              <strong title={s.requestByNear}>{dmy(forecast.requestBy)}</strong>
            ) : (
              dmy(forecast.requestBy)
            )
          ) : (
            "—"
          )}
        </td>
        <td className="num" data-label={s.unusedAtExpiry} data-testid="inventory-unused">
          {shown && forecast.unusedAtExpiry !== null ? (
            <>
              {format(s.unusedText, {
                unused: n(forecast.unusedAtExpiry),
                percent: pace(forecast.unusedPercent),
              })}
              {forecast.tooLarge && forecastSettings ? (
                <p>
                  <strong>{format(s.tooLarge, { percent: n(forecastSettings.unusedPercent) })}</strong>
                </p>
              ) : null}
            </>
          ) : (
            "—"
          )}
        </td>
      </>
    );
  };
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
          <th scope="col">{s.pace}</th>
          <th scope="col">{s.runsOut}</th>
          <th scope="col">{s.requestBy}</th>
          <th scope="col" className="num">
            {s.unusedAtExpiry}
          </th>
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
              {paceCell(type, label)}
              {forecastCells(authorization.forecast)}
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
                {paceCell(type, label)}
                <td data-label={s.runsOut}>{"—"}</td>
                <td data-label={s.requestBy}>{"—"}</td>
                <td className="num" data-label={s.unusedAtExpiry}>
                  {"—"}
                </td>
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
