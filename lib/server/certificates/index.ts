export {
  uploadCertificate,
  linkCertificate,
  getActiveSigningCredential,
  activeCertificateRead,
  signingCredentialOf,
  type ActiveCertificate,
  getActiveCertificateSummary,
  listCertificates,
  clearSigningCredentialCache,
} from "./certificates";
export { certificateHolderId, holderConfirmationOf } from "./certificate-holder";
export type { CertificateSummary } from "./certificate-summary";
export { prepareCertificate } from "./certificates";
