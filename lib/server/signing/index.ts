import "server-only";

export type { CertificateInfo } from "./certificate-info";
export type { LoadPkcs12Options, SigningCredential } from "./load-pkcs12";
export { loadPkcs12 } from "./load-pkcs12";
export { clearCredentialCache, loadPkcs12Cached } from "./credential-cache";
export { signBuiltXml, signXml, signXmlWithXmlCrypto } from "./sign-xml";
export { generatePkcs12, type GeneratePkcs12Options } from "./generate-pkcs12";
export type { Pkcs12Encryption } from "./pkcs12-writer";
