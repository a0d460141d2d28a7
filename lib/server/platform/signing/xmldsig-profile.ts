import "server-only";

/** DGII's XMLDSig profile (DESIGN.md): the algorithms every Anula signature declares. */
export const XMLDSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";
export const C14N_ALGORITHM = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
export const RSA_SHA256_ALGORITHM = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
export const SHA256_DIGEST_ALGORITHM = "http://www.w3.org/2001/04/xmlenc#sha256";
export const ENVELOPED_SIGNATURE_TRANSFORM = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";

/** The KeyInfo content: only X509Data/X509Certificate, single-line base64 (DGII rejects others). */
export function keyInfoContent(certificateBase64: string): string {
  return `<X509Data><X509Certificate>${certificateBase64}</X509Certificate></X509Data>`;
}

const REFERENCE_HEAD =
  `<Reference URI=""><Transforms><Transform Algorithm="${ENVELOPED_SIGNATURE_TRANSFORM}"/></Transforms>` +
  `<DigestMethod Algorithm="${SHA256_DIGEST_ALGORITHM}"/><DigestValue>`;

/**
 * SignedInfo as inclusive C14N renders it inside a `<Signature xmlns=XMLDSIG>` whose ancestors declare
 * no namespace: the default namespace is rendered on SignedInfo, empty elements get end tags. This is
 * the byte string rsa-sha256 signs.
 */
export function canonicalSignedInfo(digestValue: string): string {
  return (
    `<SignedInfo xmlns="${XMLDSIG_NAMESPACE}">` +
    `<CanonicalizationMethod Algorithm="${C14N_ALGORITHM}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${RSA_SHA256_ALGORITHM}"></SignatureMethod>` +
    `<Reference URI=""><Transforms><Transform Algorithm="${ENVELOPED_SIGNATURE_TRANSFORM}"></Transform></Transforms>` +
    `<DigestMethod Algorithm="${SHA256_DIGEST_ALGORITHM}"></DigestMethod><DigestValue>${digestValue}</DigestValue>` +
    `</Reference></SignedInfo>`
  );
}

/** The Signature element exactly as xml-crypto (via xmldom) serializes it, so both signers agree byte for byte. */
export function serializedSignature(
  digestValue: string,
  signatureValue: string,
  certificateBase64: string,
): string {
  return (
    `<Signature xmlns="${XMLDSIG_NAMESPACE}"><SignedInfo>` +
    `<CanonicalizationMethod Algorithm="${C14N_ALGORITHM}"/>` +
    `<SignatureMethod Algorithm="${RSA_SHA256_ALGORITHM}"/>` +
    `${REFERENCE_HEAD}${digestValue}</DigestValue></Reference></SignedInfo>` +
    `<SignatureValue>${signatureValue}</SignatureValue>` +
    `<KeyInfo>${keyInfoContent(certificateBase64)}</KeyInfo></Signature>`
  );
}
