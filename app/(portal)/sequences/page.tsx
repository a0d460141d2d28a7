import type { Metadata } from "next";
import Link from "next/link";

import { AuthorizationForms, DeleteAuthorizationButton } from "@/components/sequences/authorization-forms";
import { CoverageForm } from "@/components/sequences/coverage-form";
import { CreditNoteRanges } from "@/components/sequences/credit-note-ranges";
import { GapReview } from "@/components/sequences/gap-review";
import { InventoryTable } from "@/components/sequences/inventory-table";
import { SequencesTabs } from "@/components/sequences/sequences-tabs";
import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import type { Environment } from "@/lib/domain/environments";
import { formatFechaHora } from "@/lib/domain/fecha";
import { isAppError } from "@/lib/errors";
import { format, formatNumber } from "@/lib/i18n";
import { errorMessage } from "@/lib/i18n/error-message";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import { listPortalRanges } from "@/lib/server/credit-notes";
import { findGaps, getCoverageMark, getGapWindow, getInventory } from "@/lib/server/ledger";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.sequences.title);
}

/** Gaps shown in one review (the API pages through more; the portal says when there are more). */
const REVIEW_LIMIT = "1000";

/**
 * Secuencias: the inventory per type and authorization with its alerts, the authorizations
 * (administrators enter them), the import-coverage mark, and the gap review that prepares voids.
 */
export default async function SequencesPage({
  searchParams,
}: {
  searchParams: Promise<{ cierreDesde?: string | string[] }>;
}) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const s = t.sequences;
  const query = await searchParams;
  const asked = typeof query.cierreDesde === "string" ? query.cierreDesde.trim().toUpperCase() : "";
  const [inventory, mark, closing, creditNoteRanges, gapWindow] = await Promise.all([
    getInventory(auth.accountId, environment),
    getCoverageMark(auth.accountId, environment),
    gapsWithClosing(auth.accountId, environment, asked),
    listPortalRanges(auth.accountId, environment),
    getGapWindow(auth.accountId, environment),
  ]);
  const { gaps, cierreDesde, closingError } = closing;
  const manageAuthorizations = mayTake(auth, "ledger.manage");
  return (
    <>
      <h1>{s.title}</h1>
      <SequencesTabs t={t} />
      <p className="muted">{format(s.intro, { environment: t.environments[environment] })}</p>
      <Card title={s.inventory.title} data-testid="sequences-inventory">
        <p className="muted" data-testid="inventory-forecast-note">
          {format(s.inventory.forecastNote, {
            leadDays: formatNumber(inventory.forecastSettings.leadDays, locale),
            percent: formatNumber(inventory.forecastSettings.unusedPercent, locale),
          })}
        </p>
        <InventoryTable
          inventory={inventory}
          s={s.inventory}
          locale={locale}
          forecastSettings={inventory.forecastSettings}
          renderDelete={
            manageAuthorizations
              ? (id: string) => <DeleteAuthorizationButton id={id} label={s.authorizations.remove} />
              : undefined
          }
        />
      </Card>
      <Card title={s.authorizations.title} data-testid="sequences-authorizations">
        <p className="muted">{s.authorizations.intro}</p>
        {manageAuthorizations ? (
          <AuthorizationForms s={s.authorizations} />
        ) : (
          <Banner tone="info">
            <p>{s.authorizations.adminOnly}</p>
          </Banner>
        )}
      </Card>
      <Card title={t.creditNote.range.title} data-testid="credit-note-ranges" id="credit-note-ranges">
        <p className="muted">{t.creditNote.range.intro}</p>
        <CreditNoteRanges
          s={t.creditNote.range}
          cancel={t.common.cancel}
          canManage={manageAuthorizations}
          ranges={creditNoteRanges.map((range) => ({
            id: range.id,
            secuenciaDesde: range.secuenciaDesde,
            secuenciaHasta: range.secuenciaHasta,
            cantidad: formatNumber(range.cantidad, locale),
            createdBy: range.createdBy,
          }))}
        />
      </Card>
      <Card title={s.coverage.title} data-testid="sequences-coverage">
        <p className="muted">{s.coverage.intro}</p>
        <p data-testid="coverage-current">
          {mark
            ? format(s.coverage.current, { date: formatFechaHora(mark.coveredUntil), by: mark.setBy ?? "—" })
            : s.coverage.none}
        </p>
        {mayTake(auth, "ledger.manage") ? (
          <>
            <CoverageForm
              s={s.coverage}
              initial={mark?.coveredUntil ?? inventory.generatedAt}
              format={t.common.dateTimeFormat}
            />
            <p>
              <Link href="/documents#import">{s.coverage.importLink}</Link>
            </p>
          </>
        ) : null}
      </Card>
      <Card title={s.gaps.title} data-testid="sequences-gaps">
        {closingError ? (
          <Banner tone="danger" role="alert" testId="gaps-closing-error">
            <p>{errorMessage(closingError, locale)}</p>
          </Banner>
        ) : null}
        <GapReview
          s={s.gaps}
          locale={locale}
          environment={environment}
          page={gaps}
          canVoid={mayTake(auth, "voids.send")}
          cierreDesde={cierreDesde}
          gapWindow={gapWindow}
          now={inventory.generatedAt}
        />
      </Card>
    </>
  );
}

/**
 * The review's gaps with the closing tail asked for in the URL (?cierreDesde=, as the API's
 * /huecos takes it); one the ledger refuses (not an e-NCF, outside every authorization) is said
 * above the review, which then shows the gaps without it.
 */
async function gapsWithClosing(accountId: string, environment: Environment, cierreDesde: string) {
  const page = (closing: string) =>
    findGaps({ accountId, environment, limit: REVIEW_LIMIT, cierreDesde: closing || null });
  if (!cierreDesde) return { gaps: await page(""), cierreDesde, closingError: null };
  try {
    return { gaps: await page(cierreDesde), cierreDesde, closingError: null };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return { gaps: await page(""), cierreDesde: "", closingError: error };
  }
}
