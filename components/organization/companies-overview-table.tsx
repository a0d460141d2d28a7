import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Environment } from "@/lib/domain/environments";
import { format, type Dictionary } from "@/lib/i18n";
import { voidStatusLabel } from "@/lib/i18n/void-status";

/** One company's overview columns (what organization-admin.ts's overviewOf answers). */
export interface CompanyOverviewRow {
  id: string;
  rnc: string;
  name: string;
  lastVoid: { id: string; createdAt: number; status: string } | null;
  certificateNotAfter: number | null;
  certificateExpired: boolean;
  pendingVoids: number;
  ledgerAlerts: number | null;
}

/** The overview's columns for a list of companies (a person's companies of one organization). */
export function CompaniesOverviewTable({
  caption,
  companies,
  environment,
  t,
}: {
  caption: string;
  companies: CompanyOverviewRow[];
  environment: Environment;
  t: Pick<Dictionary, "organization" | "voidStatus">;
}) {
  const texts = t.organization.companies;
  return (
    <Table caption={caption} data-testid="companies-overview">
      <thead>
        <tr>
          <th scope="col">{texts.rnc}</th>
          <th scope="col">{texts.name}</th>
          <th scope="col">{format(texts.lastVoid, { environment })}</th>
          <th scope="col">{texts.certificate}</th>
          <th scope="col">{format(texts.pending, { environment })}</th>
          <th scope="col">{format(texts.ledgerAlerts, { environment })}</th>
        </tr>
      </thead>
      <tbody>
        {companies.map((company) => (
          <tr key={company.id} data-rnc={company.rnc}>
            <td className="mono">{company.rnc}</td>
            <td>{company.name}</td>
            <td>
              {company.lastVoid ? (
                <>
                  <span className="mono">{formatFechaHora(company.lastVoid.createdAt)}</span>{" "}
                  {voidStatusLabel(t.voidStatus, company.lastVoid.status)}
                </>
              ) : (
                <span className="muted">{texts.noVoid}</span>
              )}
            </td>
            <td>
              {company.certificateNotAfter === null ? (
                <span className="muted">{texts.noCertificate}</span>
              ) : (
                <>
                  <span className="mono">{formatFechaHora(company.certificateNotAfter)}</span>
                  {company.certificateExpired ? <> {texts.expired}</> : null}
                </>
              )}
            </td>
            <td className="mono">{company.pendingVoids}</td>
            <td>
              {company.ledgerAlerts === null ? (
                <span className="muted">{texts.ledgerNotComputed}</span>
              ) : (
                <span className="mono">{company.ledgerAlerts}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
