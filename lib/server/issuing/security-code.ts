import "server-only";

const SIGNATURE_VALUE = /<(?:ds:)?SignatureValue[^>]*>([^<]+)</;

/**
 * An e-CF's security code: the first 6 characters of the Base64 text of its signature's
 * SignatureValue, case kept (what DGII's QR, MSeller's answers and every client use). Line breaks a
 * signer may put in the Base64 text are not characters of it.
 */
export function securityCodeOf(signedXml: string): string {
  const text = SIGNATURE_VALUE.exec(signedXml)?.[1]?.replace(/\s+/g, "") ?? "";
  if (text.length < 6) throw new Error("securityCodeOf: the signed e-CF has no SignatureValue");
  return text.slice(0, 6);
}
