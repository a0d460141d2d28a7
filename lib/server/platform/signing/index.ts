import "server-only";

export type { CertificateInfo } from "./certificate-info";
export type { LoadPkcs12Options, SigningCredential } from "./load-pkcs12";
export { loadPkcs12 } from "./load-pkcs12";
export { signBuiltXml, signXml, signXmlWithXmlCrypto } from "./sign-xml";
