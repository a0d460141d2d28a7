import "server-only";

import { readAnecf } from "./anecf-reader";
import { checkAnecfRules } from "./anecf-rules";
import { xmlPartOf } from "./auth-services";
import { holderIdOf } from "./credentials";
import type { NumericRange } from "./ledger";
import { jsonReply, unauthorizedReply, type Reply, type ServiceRequest } from "./reply";
import { describeRange, listWithLimit } from "./sequences";
import { verifyXmlSignature } from "./xmldsig/verify-xml-signature";
import { validateAgainstSchema } from "./xsd";

export const MESSAGE_BAD_SIGNATURE = "La firma del documento no es válida";
export const MESSAGE_USED_SEQUENCES = "Las secuencias que está intentando anular han sido utilizadas";

/**
 * POST …/anulacionrangos/api/operaciones/anularrango. All or nothing: either every sequence is
 * recorded as voided and codigo "1" is answered, or nothing changes and codigo "2" lists why.
 */
export async function anularRango(request: ServiceRequest): Promise<Reply> {
  const { environment, state } = request;
  const claims = await state.credentials.verifyToken(environment, request.request.headers.authorization);
  if (!claims) return unauthorizedReply();
  const call = { tokenHolderId: claims.holderId, tokenFingerprint: claims.fingerprint };
  const xml = xmlPartOf(request);
  if (typeof xml !== "string") return { ...xml, call };

  const declaredRnc = /<RncEmisor>\s*(\d+)\s*<\/RncEmisor>/.exec(xml)?.[1] ?? claims.holderId ?? "";
  const reject = (messages: string[], rnc = declaredRnc): Reply =>
    jsonReply(
      200,
      { rnc, codigo: "2", nombre: "Rechazado", mensajes: messages },
      { ...call, rncEmisor: rnc },
    );

  const schema = await validateAgainstSchema(xml, "ANECF-v1.0.xsd");
  if (!schema.valid) {
    return reject(
      schema.errors.slice(0, 5).map((error) => `El documento no cumple con el esquema XSD: ${error}`),
    );
  }
  const signature = await verifyXmlSignature(xml);
  if (!signature.valid || !signature.certificate) return reject([MESSAGE_BAD_SIGNATURE]);

  const content = readAnecf(xml);
  const rnc = content.rncEmisor;
  const signerId = holderIdOf(signature.certificate.subjectSerialNumber);
  for (const holder of new Set([signerId, claims.holderId])) {
    if (!state.registry.mayActFor(environment, holder, rnc)) {
      return reject([`El RNC del certificado no está delegado para el RNC emisor ${rnc}.`], rnc);
    }
  }

  const rules = checkAnecfRules(content);
  if (rules.messages.length > 0) return reject(rules.messages, rnc);

  const ledgerMessages = checkLedger(request, rnc, rules.ranges);
  if (ledgerMessages.length > 0) return reject(ledgerMessages, rnc);

  state.ledger.recordVoided(environment, rnc, rules.ranges);
  state.persist();
  return jsonReply(200, { rnc, codigo: "1", nombre: "Aceptado", mensajes: [] }, { ...call, rncEmisor: rnc });
}

/** Every sequence must be authorized to the RNC, and none issued or already voided. */
function checkLedger({ environment, state }: ServiceRequest, rnc: string, ranges: NumericRange[]): string[] {
  const unauthorized: string[] = [];
  const used: string[] = [];
  for (const range of ranges) {
    for (const [from, to] of state.ledger.unauthorizedParts(environment, rnc, range)) {
      unauthorized.push(describeRange(range.prefix, from, to));
    }
    for (const [from, to] of state.ledger.usedParts(environment, rnc, range)) {
      used.push(describeRange(range.prefix, from, to));
    }
  }
  const messages: string[] = [];
  if (unauthorized.length > 0) {
    messages.push(`Las secuencias no están autorizadas para el RNC ${rnc}: ${listWithLimit(unauthorized)}`);
  }
  if (used.length > 0) messages.push(`${MESSAGE_USED_SEQUENCES}: ${listWithLimit(used)}`);
  return messages;
}
