import "server-only";

import { X509Certificate } from "node:crypto";
import type forge from "node-forge";

export interface CertificateInfo {
  /** RFC 4514 style, most specific first: "CN=..., serialNumber=130000001, O=..., C=DO". */
  subject: string;
  /** The subject's serialNumber attribute: on DGII certificates, the owner's RNC or cédula. */
  subjectSerialNumber: string | null;
  commonName: string | null;
  issuer: string;
  /** The certificate's own serial, hex, lowercase. */
  serialNumberHex: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER certificate, hex, lowercase, no separators. */
  fingerprintSha256: string;
}

const SERIAL_NUMBER_OID = "2.5.4.5";
const COMMON_NAME_OID = "2.5.4.3";

// Names for the attributes forge knows only by OID or long name, so the text reads like OpenSSL's.
const SHORT_NAMES: Record<string, string> = {
  [SERIAL_NUMBER_OID]: "serialNumber",
  "2.5.4.4": "SN",
  "2.5.4.42": "GN",
  "2.5.4.12": "title",
  "2.5.4.97": "organizationIdentifier",
  "1.2.840.113549.1.9.1": "emailAddress",
};

type ForgeAttribute = forge.pki.CertificateField;

function attributeLabel(attribute: ForgeAttribute): string {
  const type = attribute.type ?? "";
  return SHORT_NAMES[type] ?? attribute.shortName ?? attribute.name ?? type;
}

function escapeDnValue(value: string): string {
  return value.replace(/([,+"\\<>;])/g, "\\$1").replace(/^([ #])/, "\\$1");
}

/** forge keeps DER order (C first); readers expect the most specific attribute (CN) first. */
export function formatDistinguishedName(attributes: ForgeAttribute[]): string {
  return [...attributes]
    .reverse()
    .map((attribute) => `${attributeLabel(attribute)}=${escapeDnValue(String(attribute.value ?? ""))}`)
    .join(", ");
}

function attributeValue(attributes: ForgeAttribute[], oid: string): string | null {
  const found = attributes.find((attribute) => attribute.type === oid);
  return found?.value === undefined ? null : String(found.value);
}

export function describeCertificate(
  certificate: forge.pki.Certificate,
  certificateDer: Buffer,
): CertificateInfo {
  const subject = certificate.subject.attributes;
  return {
    subject: formatDistinguishedName(subject),
    subjectSerialNumber: attributeValue(subject, SERIAL_NUMBER_OID),
    commonName: attributeValue(subject, COMMON_NAME_OID),
    issuer: formatDistinguishedName(certificate.issuer.attributes),
    serialNumberHex: certificate.serialNumber.toLowerCase(),
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
    fingerprintSha256: new X509Certificate(certificateDer).fingerprint256.replace(/:/g, "").toLowerCase(),
  };
}
