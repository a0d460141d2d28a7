import Link from "next/link";
import { ecfTypeName, isEcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber } from "@/lib/i18n";
import type { VoidRecord } from "@/lib/schemas/void-ncf-responses";
import { voidToolStrings } from "./strings";
import styles from "./void-tool.module.css";

/** What the view shows of a stored attempt: fields of the public record, so any record that has them fits. */
type ShownVoid = Pick<
  VoidRecord,
  | "voidId"
  | "status"
  | "environment"
  | "fechaHoraAnulacion"
  | "totalVoided"
  | "ranges"
  | "fileName"
  | "taxauthCode"
  | "taxauthName"
  | "taxauthResponse"
  | "errorMessage"
> & { errorCode?: string | null };

interface VoidResultViewProps {
  record: ShownVoid | null;
  voidId: string;
  environment: Environment;
  locale: Locale;
  /** This page's own URL: reloading it reads the record again (never re-sends). */
  selfHref: string;
}

const STATUS_CLASS = {
  Aceptado: styles.statusAceptado,
  Rechazado: styles.statusRechazado,
  Error: styles.statusError,
} as const;

/** Status, voidId, fileName, the authority's answer, what an Error means and what to do (spec retry rules). */
export function VoidResultView({ record, voidId, environment, locale, selfHref }: VoidResultViewProps) {
  const t = voidToolStrings(locale).result;
  const statuses = voidToolStrings(locale).statuses;
  if (!record) {
    return (
      <div className={styles.tool}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.textError} role="alert">
          {t.notFound} <span className={styles.mono}>{voidId}</span> ({environment})
        </p>
        <Link href="/tools/void-encf">{t.newVoid}</Link>
      </div>
    );
  }
  const perType = new Map<string, number>();
  for (const range of record.ranges)
    perType.set(range.tipoeCF, (perType.get(range.tipoeCF) ?? 0) + range.cantidad);
  const authError = record.status === "Error" && record.errorCode === "TAXAUTH_AUTH_ERROR";
  return (
    <div className={styles.tool}>
      <h1 className={styles.title}>{t.title}</h1>
      <section className={styles.resultCard} aria-labelledby="void-result-status" data-status={record.status}>
        <h2 id="void-result-status" className={styles.sectionTitle}>
          {t.status}:{" "}
          <span
            className={`${styles.statusBadge} ${STATUS_CLASS[record.status]}`}
            data-testid="void-result-status"
          >
            {statuses[record.status]}
          </span>
        </h2>
        {record.status === "Aceptado" && <p className={styles.textOk}>{t.accepted}</p>}
        {record.status === "Rechazado" && <p className={styles.textError}>{t.rejected}</p>}
        {record.status === "Error" && (
          <div className={styles.failure} role="alert">
            <h3 className={styles.warningsTitle}>{t.errorTitle}</h3>
            <p>{authError ? t.authErrorMeaning : t.errorMeaning}</p>
            {!authError && (
              <ol className={styles.steps}>
                {t.errorSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            )}
            {record.errorMessage && (
              <p className={styles.muted}>{format(t.detail, { detail: record.errorMessage })}</p>
            )}
            <Link href={selfHref} prefetch={false}>
              {t.refresh}
            </Link>
          </div>
        )}
        <dl className={styles.confirmFacts}>
          <dt>{t.voidId}</dt>
          <dd className={styles.mono} data-testid="void-result-id">
            {record.voidId}
          </dd>
          <dt>{t.fileName}</dt>
          <dd className={styles.mono}>{record.fileName}</dd>
          <dt>{t.environment}</dt>
          <dd>{record.environment}</dd>
          <dt>{t.fecha}</dt>
          <dd>{record.fechaHoraAnulacion}</dd>
          <dt>{t.total}</dt>
          <dd>{formatNumber(record.totalVoided, locale)}</dd>
          <dt>{t.perType}</dt>
          <dd>
            {[...perType.entries()].sort().map(([tipo, count]) => (
              <div key={tipo}>
                <strong>{tipo}</strong> {isEcfType(tipo) ? ecfTypeName(tipo, locale) : ""}:{" "}
                {formatNumber(count, locale)}
              </div>
            ))}
          </dd>
        </dl>
        {record.status !== "Error" && (
          <section aria-labelledby="void-result-authority">
            <h3 id="void-result-authority" className={styles.warningsTitle}>
              {t.authority}
            </h3>
            {record.taxauthCode && (
              <p className={styles.muted}>
                {format(t.authorityCode, { code: record.taxauthCode, name: record.taxauthName ?? "" })}
              </p>
            )}
            {record.taxauthResponse.length > 0 ? (
              <ul className={styles.messages} data-testid="void-result-messages">
                {record.taxauthResponse.map((message, index) => (
                  <li key={index}>{message}</li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t.noMessages}</p>
            )}
          </section>
        )}
        <div className={styles.linkRow}>
          <Link href={`/voids/${record.voidId}`}>{t.record}</Link>
          <a href={`/voids/${record.voidId}/xml`} download={record.fileName}>
            {t.signedXml}
          </a>
          <Link href="/tools/void-encf">{t.newVoid}</Link>
        </div>
      </section>
    </div>
  );
}
