import { Table } from "@/components/ui/table";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Environment } from "@/lib/domain/environments";
import { format, type Dictionary } from "@/lib/i18n";
import { voidStatusLabel, type VoidStatusFacts } from "@/lib/i18n/void-status";

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

/**
 * The overview's columns for a list of companies: the organization page (every company of the
 * organization) and "Mis empresas" (a person's companies, one table per organization).
 */
export function CompaniesOverviewTable({
  caption,
  companies,
  environment,
  lastVoidFacts,
  testId = "companies-overview",
  t,
}: {
  caption: string;
  companies: CompanyOverviewRow[];
  environment: Environment;
  /** By voidId: what words the last void's status (an Error's reason, parcial, settled…). */
  lastVoidFacts?: ReadonlyMap<string, VoidStatusFacts>;
  testId?: string;
  t: Pick<Dictionary, "organization" | "voidStatus">;
}) {
  const texts = t.organization.companies;
  return (
    <Table caption={caption} data-testid={testId}>
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
                  {voidStatusLabel(
                    t.voidStatus,
                    company.lastVoid.status,
                    lastVoidFacts?.get(company.lastVoid.id),
                  )}
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
            <td className="mono" data-testid="company-pending">
              {company.pendingVoids}
            </td>
            <td data-testid="company-ledger-alerts">
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
