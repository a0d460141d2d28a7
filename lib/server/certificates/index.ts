export {
  uploadCertificate,
  linkCertificate,
  getActiveSigningCredential,
  getActiveCertificateSummary,
  listCertificates,
  clearSigningCredentialCache,
} from "./certificates";
export type { CertificateSummary } from "./certificate-summary";
