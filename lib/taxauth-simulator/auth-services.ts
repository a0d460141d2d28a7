import "server-only";

import { DOMParser } from "@xmldom/xmldom";

import { dominicanTimestamp, holderIdOf } from "./credentials";
import { parseMultipart } from "./multipart";
import { jsonReply, textReply, type Reply, type ServiceRequest } from "./reply";
import { verifyXmlSignature } from "./xmldsig/verify-xml-signature";
import { validateAgainstSchema } from "./xsd";

/** DGII's message when a multipart upload comes without Content-Length (observed by peers). */
export const EMPTY_MULTIPART_MESSAGE = "Multipart cannot be empty";

/** GET …/autenticacion/api/autenticacion/semilla: a fresh one-time seed, shaped like DGII's sample. */
export function semilla({ environment, state }: ServiceRequest): Reply {
  const valor = state.credentials.issueSeed(environment);
  const body =
    `<?xml version="1.0" encoding="utf-8"?>\r\n` +
    `<SemillaModel xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">\r\n` +
    `  <valor>${valor}</valor>\r\n  <fecha>${dominicanTimestamp()}</fecha>\r\n</SemillaModel>`;
  return { status: 200, body, contentType: "application/xml; charset=utf-8" };
}

/** The `xml` file part of a multipart upload, or the 400 DGII gives for a malformed upload. */
export function xmlPartOf(request: ServiceRequest): string | Reply {
  const file = xmlFileOf(request);
  return "xml" in file ? file.xml : file;
}

/** The `xml` file part with its file name (recepcion expects `RNCEmisor + e-NCF + ".xml"`). */
export function xmlFileOf({
  request,
  body,
}: ServiceRequest): { xml: string; fileName: string | null } | Reply {
  if (request.headers["content-length"] === undefined || body.length === 0) {
    return textReply(400, EMPTY_MULTIPART_MESSAGE);
  }
  const parts = parseMultipart(body, request.headers["content-type"]);
  if (!parts) return textReply(400, "La solicitud no es un multipart/form-data válido.");
  const part = parts.find((candidate) => candidate.name?.toLowerCase() === "xml");
  if (!part || part.data.length === 0) return textReply(400, "Debe enviar el archivo xml.");
  return { xml: part.data.toString("utf8").replace(/^\uFEFF/, ""), fileName: part.filename };
}

/** POST …/validarsemilla: verifies the signed seed and issues a 3600 s bearer token. */
export async function validarSemilla(request: ServiceRequest): Promise<Reply> {
  const xml = xmlPartOf(request);
  if (typeof xml !== "string") return xml;
  const schema = await validateAgainstSchema(xml, "Semilla-v1.0.xsd");
  if (!schema.valid) return textReply(400, "La semilla no cumple con el formato establecido.");
  const signature = await verifyXmlSignature(xml);
  if (!signature.valid || !signature.certificate)
    return textReply(400, "La firma de la semilla no es válida.");
  const valor = new DOMParser()
    .parseFromString(xml, "text/xml")
    .getElementsByTagName("valor")[0]?.textContent;
  if (!valor || !request.state.credentials.consumeSeed(request.environment, valor.trim())) {
    return textReply(400, "La semilla no es válida o ha expirado.");
  }
  const certificate = signature.certificate;
  const now = Date.now();
  if (new Date(certificate.notAfter).getTime() < now || new Date(certificate.notBefore).getTime() > now) {
    return textReply(400, "El certificado no está vigente.");
  }
  if (!certificate.subjectSerialNumber) {
    return textReply(400, "El certificado no identifica a su titular (serialNumber).");
  }
  const holderId = holderIdOf(certificate.subjectSerialNumber);
  const token = await request.state.credentials.issueToken({
    subjectSerialNumber: certificate.subjectSerialNumber,
    holderId,
    environment: request.environment,
    fingerprint: certificate.fingerprintSha256,
  });
  return jsonReply(200, token, { tokenHolderId: holderId, tokenFingerprint: certificate.fingerprintSha256 });
}
