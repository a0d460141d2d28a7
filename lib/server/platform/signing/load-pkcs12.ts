import "server-only";

import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import forge from "node-forge";

import { formatFechaHora } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";

import { describeCertificate, type CertificateInfo } from "./certificate-info";

export interface SigningCredential {
  info: CertificateInfo;
  privateKey: KeyObject;
  privateKeyPem: string;
  certificatePem: string;
  /** DER, single-line base64: the content of <X509Certificate>. */
  certificateBase64: string;
}

export interface LoadPkcs12Options {
  /** The instant the validity period is checked against (default: now). */
  now?: Date;
  /** Skip the validity-period checks (both ends), e.g. to show the details of an outdated file. */
  allowExpired?: boolean;
}

const { pki } = forge;

function corrupt(message: string, cause?: unknown): AppError {
  return new AppError("CERTIFICATE_CORRUPT", message, { cause });
}

function decodePfx(p12: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let pfxAsn1: forge.asn1.Asn1;
  try {
    pfxAsn1 = forge.asn1.fromDer(Buffer.from(p12).toString("binary"));
  } catch (cause) {
    throw corrupt("El archivo no es un certificado .p12 válido (no se pudo leer su estructura).", cause);
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(pfxAsn1, false, password);
  } catch (cause) {
    const text = cause instanceof Error ? cause.message : String(cause);
    // forge says "MAC could not be verified. Invalid password?" when the integrity check fails,
    // and "Failed to decrypt" when a file without MAC is opened with the wrong password.
    if (/MAC could not be verified|Invalid password|decrypt/i.test(text)) {
      if (opensWithoutMac(pfxAsn1, password)) {
        throw corrupt(
          "El archivo .p12 está dañado: su código de integridad no coincide con el contenido.",
          cause,
        );
      }
      throw new AppError("CERTIFICATE_WRONG_PASSWORD", "La contraseña del certificado .p12 es incorrecta.", {
        cause,
      });
    }
    throw corrupt("El archivo .p12 está dañado o usa un formato no soportado.", cause);
  }
}

/**
 * A failed MAC means a wrong password or damaged bytes. If the contents still decrypt with this
 * password once the MAC is set aside, the password is right and the file is what is broken.
 */
function opensWithoutMac(pfxAsn1: forge.asn1.Asn1, password: string): boolean {
  const parts = pfxAsn1.value;
  if (!Array.isArray(parts) || parts.length < 3) return false;
  try {
    const withoutMac = forge.asn1.create(pfxAsn1.tagClass, pfxAsn1.type, true, parts.slice(0, 2));
    const pfx = forge.pkcs12.pkcs12FromAsn1(withoutMac, false, password);
    return bagsOf(pfx, pki.oids.pkcs8ShroudedKeyBag!).some((bag) => bag.key);
  } catch {
    return false;
  }
}

function bagsOf(pfx: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return pfx.getBags({ bagType })[bagType] ?? [];
}

function findPrivateKey(pfx: forge.pkcs12.Pkcs12Pfx): forge.pki.rsa.PrivateKey {
  const keyBags = [...bagsOf(pfx, pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(pfx, pki.oids.keyBag!)];
  if (keyBags.length === 0) {
    throw new AppError(
      "CERTIFICATE_NO_PRIVATE_KEY",
      "El archivo .p12 no contiene la clave privada: exporte el certificado incluyendo la clave privada.",
    );
  }
  const rsaBag = keyBags.find((bag) => bag.key);
  if (!rsaBag?.key) {
    // forge leaves `key` empty for keys it cannot read (EC and others); DGII signs with RSA only.
    throw corrupt("La clave privada del .p12 no es RSA; la DGII exige firmas RSA-SHA256.");
  }
  return rsaBag.key;
}

function findMatchingCertificate(
  pfx: forge.pkcs12.Pkcs12Pfx,
  key: forge.pki.rsa.PrivateKey,
): forge.pki.Certificate {
  const certificates = bagsOf(pfx, pki.oids.certBag!).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (certificates.length === 0) {
    throw corrupt("El archivo .p12 no contiene un certificado X.509 RSA.");
  }
  // A .p12 from a CA often carries the chain too: the signing certificate is the one of the key.
  const own = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw corrupt("La clave privada del .p12 no corresponde a ninguno de sus certificados.");
  return own;
}

function checkValidity(info: CertificateInfo, now: Date): void {
  if (now.getTime() < info.notBefore.getTime()) {
    throw new AppError(
      "CERTIFICATE_NOT_YET_VALID",
      `El certificado aún no es válido: su vigencia comienza el ${formatFechaHora(info.notBefore.getTime())}.`,
      { extra: { notBefore: info.notBefore.toISOString() } },
    );
  }
  if (now.getTime() > info.notAfter.getTime()) {
    throw new AppError(
      "CERTIFICATE_EXPIRED",
      `El certificado venció el ${formatFechaHora(info.notAfter.getTime())}.`,
      {
        extra: { notAfter: info.notAfter.toISOString() },
      },
    );
  }
}

/** Parses the file (10–70 ms: forge's key derivation is JavaScript) without the validity check. */
function parsePkcs12(p12: Uint8Array, password: string): SigningCredential {
  const pfx = decodePfx(p12, password);
  const forgeKey = findPrivateKey(pfx);
  const certificate = findMatchingCertificate(pfx, forgeKey);
  const certificateDer = Buffer.from(
    forge.asn1.toDer(pki.certificateToAsn1(certificate)).getBytes(),
    "binary",
  );
  const privateKey = createPrivateKey(pki.privateKeyToPem(forgeKey));
  // Cross-check with OpenSSL: the DER we hand out must carry the public half of this key.
  if (!new X509Certificate(certificateDer).checkPrivateKey(privateKey)) {
    throw corrupt("El certificado del .p12 no corresponde a su clave privada.");
  }
  const certificateBase64 = certificateDer.toString("base64");
  return {
    info: describeCertificate(certificate, certificateDer),
    privateKey,
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    certificatePem: `-----BEGIN CERTIFICATE-----\n${certificateBase64.replace(/.{64}/g, "$&\n").replace(/\n$/, "")}\n-----END CERTIFICATE-----\n`,
    certificateBase64,
  };
}

/**
 * Opens a PKCS#12 (.p12/.pfx) with its password: legacy RC2-40/3DES files from Dominican CAs and
 * OpenSSL 3 AES files alike. Throws AppError CERTIFICATE_WRONG_PASSWORD, CERTIFICATE_CORRUPT,
 * CERTIFICATE_NO_PRIVATE_KEY, CERTIFICATE_EXPIRED or CERTIFICATE_NOT_YET_VALID.
 */
export function loadPkcs12(
  p12: Uint8Array,
  password: string,
  options: LoadPkcs12Options = {},
): SigningCredential {
  const credential = parsePkcs12(p12, password);
  if (!options.allowExpired) checkValidity(credential.info, options.now ?? new Date());
  return credential;
}
