import type { Metadata } from "next";
import { pageTitle } from "@/lib/portal/page-title";
import { CertificateUploadForm } from "@/components/settings/certificate-upload-form";
import { IssuerCertification } from "@/components/settings/issuer-certification";
import { SharedCertificates } from "@/components/settings/shared-certificates";
import { Banner } from "@/components/ui/banner";
import { Card } from "@/components/ui/card";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format } from "@/lib/i18n";
import { certificateStateOf } from "@/lib/portal/certificate-state";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { getActiveCertificateSummary, listCertificates } from "@/lib/server/certificates";
import { getIssuerCertification } from "@/lib/server/issuing";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.settings.title);
}

/** Certificado: the active certificate's card and (admins) the .p12 upload. */
export default async function CertificateSettingsPage() {
  const auth = await requirePageAuth();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "certificates.manage")) return null;
  const { t } = await getI18n();
  const c = t.settings.certificate;
  const active = await getActiveCertificateSummary(auth.accountId);
  // The organization's other certificates (uploaded for another of its companies) that could sign here.
  const others = (await listCertificates(auth.accountId)).filter((certificate) => !certificate.active);
  const certification = await getIssuerCertification(auth.accountId);
  // Expired or expiring by the scans' own rule (the home and the certificate.expiring notice agree).
  // eslint-disable-next-line react-hooks/purity -- a server component renders once per request
  const standing = active ? certificateStateOf(active.notAfter, Date.now()) : null;
  return (
    <>
      <Card title={c.active} data-testid="active-certificate">
        {active ? (
          <>
            {standing?.state === "expired" ? (
              <Banner tone="danger" role="alert">
                <p>{c.expired}</p>
              </Banner>
            ) : standing?.state === "expiring" ? (
              <Banner tone="warning" role="alert" testId="certificate-expiry-warning">
                <p>{format(c.expiresSoon, { days: standing.daysLeft })}</p>
              </Banner>
            ) : null}
            {active.holderId !== auth.rnc ? (
              <Banner tone="warning" role="status" testId="certificate-holder-warning">
                <p>
                  {format(c.activeHolderMismatch, {
                    holder: active.holderId ? format(c.holderId, { id: active.holderId }) : c.holderUnknown,
                    rnc: auth.rnc,
                  })}
                </p>
              </Banner>
            ) : null}
            <dl className="dl">
              <dt>{c.subject}</dt>
              <dd>{active.subject}</dd>
              <dt>{c.serialNumber}</dt>
              <dd className="mono">{active.subjectSerialNumber ?? t.common.none}</dd>
              <dt>{c.issuer}</dt>
              <dd>{active.issuer}</dd>
              <dt>{c.validFrom}</dt>
              <dd className="mono">{formatFechaHora(active.notBefore)}</dd>
              <dt>{c.validUntil}</dt>
              <dd className="mono">{formatFechaHora(active.notAfter)}</dd>
              <dt>{c.fingerprint}</dt>
              <dd className="mono">{active.fingerprintSha256}</dd>
            </dl>
          </>
        ) : (
          <Banner tone="warning">
            <p>{c.none}</p>
          </Banner>
        )}
      </Card>
      {others.length > 0 ? (
        <Card title={t.settings.sharedCertificates.title}>
          <p className="muted">{t.settings.sharedCertificates.intro}</p>
          <SharedCertificates
            canEdit={mayTake(auth, "certificates.manage")}
            t={t.settings.sharedCertificates}
            dialogs={t.dialogs}
            certificates={others.map((certificate) => ({
              id: certificate.id,
              subject: certificate.subject,
              validUntil: formatFechaHora(certificate.notAfter),
              // eslint-disable-next-line react-hooks/purity -- a server component renders once per request
              expired: certificate.notAfter < Date.now(),
              companies: certificate.companies,
            }))}
          />
        </Card>
      ) : null}
      <Card title={t.settings.issuerCertification.title} data-testid="issuer-certification">
        <IssuerCertification
          certification={
            certification
              ? { date: formatFechaHora(certification.at), by: certification.by ?? t.common.none }
              : null
          }
          canEdit={mayTake(auth, "issuer.certify")}
          t={t.settings.issuerCertification}
          dialogs={t.dialogs}
        />
      </Card>
      {mayTake(auth, "certificates.manage") ? (
        <Card title={c.upload}>
          <p className="muted">{c.uploadIntro}</p>
          <CertificateUploadForm t={c} />
        </Card>
      ) : null}
    </>
  );
}
