import "server-only";

import { readAnecf } from "./anecf-reader";
import { checkAnecfRules } from "./anecf-rules";
import { xmlPartOf } from "./auth-services";
import { holderIdOf } from "./credentials";
import { acceptedReply, partialReply, rejectedReply } from "./dialects";
import { IntervalSet, type Interval } from "./interval-set";
import type { NumericRange } from "./ledger";
import { unauthorizedReply, type Reply, type ServiceRequest } from "./reply";
import { describeRange, listWithLimit } from "./sequences";
import { verifyXmlSignature } from "./xmldsig/verify-xml-signature";
import { validateAgainstSchema } from "./xsd";

export const MESSAGE_BAD_SIGNATURE = "La firma del documento no es válida";
export const MESSAGE_USED_SEQUENCES = "Las secuencias que está intentando anular han sido utilizadas";

/**
 * POST …/anulacionrangos/api/operaciones/anularrango. All or nothing, as the spec says DGII does:
 * either every sequence is recorded as voided and the acceptance is answered, or nothing changes
 * and codigo "2" lists why. The answer's wording follows the simulator's dialect (dialects.ts);
 * only the partial dialect voids part of a document, DGII's other documented case.
 */
export async function anularRango(request: ServiceRequest): Promise<Reply> {
  const { environment, state, dialect } = request;
  const claims = await state.credentials.verifyToken(environment, request.request.headers.authorization);
  if (!claims) return unauthorizedReply();
  const call = { tokenHolderId: claims.holderId, tokenFingerprint: claims.fingerprint };
  const xml = xmlPartOf(request);
  if (typeof xml !== "string") return { ...xml, call };

  const declaredRnc = /<RncEmisor>\s*(\d+)\s*<\/RncEmisor>/.exec(xml)?.[1] ?? claims.holderId ?? "";
  const reject = (messages: string[], rnc = declaredRnc): Reply =>
    rejectedReply(dialect, rnc, messages, { ...call, rncEmisor: rnc });

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
      // DGII's published text, with the issuer after a colon as DGII prints details.
      return reject(
        [`El RNC del certificado no está delegado para realizar transacciones para el RNC: ${rnc}`],
        rnc,
      );
    }
  }

  const rules = checkAnecfRules(content);
  if (rules.messages.length > 0) return reject(rules.messages, rnc);

  const unusable = findUnusable(request, rnc, rules.ranges);
  const answered = { ...call, rncEmisor: rnc };
  if (dialect === "partial") {
    const partial = voidPartially(request, rnc, rules.ranges, unusable);
    if (partial) return partialReply(rnc, partial, answered);
  }
  const ledgerMessages = describeUnusable(rnc, unusable);
  if (ledgerMessages.length > 0) return reject(ledgerMessages, rnc);

  state.ledger.recordVoided(environment, rnc, rules.ranges);
  state.persist();
  return acceptedReply(dialect, rnc, answered);
}

interface Unusable {
  range: NumericRange;
  unauthorized: Interval[];
  used: Interval[];
}

/** Every sequence must be authorized to the RNC, and none issued or already voided. */
function findUnusable(
  { environment, state }: ServiceRequest,
  rnc: string,
  ranges: NumericRange[],
): Unusable[] {
  return ranges.map((range) => ({
    range,
    unauthorized: state.ledger.unauthorizedParts(environment, rnc, range),
    used: state.ledger.usedParts(environment, rnc, range),
  }));
}

function describeUnusable(rnc: string, unusable: Unusable[]): string[] {
  const describe = (pick: (entry: Unusable) => Interval[]) =>
    unusable.flatMap((entry) => pick(entry).map(([from, to]) => describeRange(entry.range.prefix, from, to)));
  const unauthorized = describe((entry) => entry.unauthorized);
  const used = describe((entry) => entry.used);
  const messages: string[] = [];
  if (unauthorized.length > 0) {
    messages.push(`Las secuencias no están autorizadas para el RNC ${rnc}: ${listWithLimit(unauthorized)}`);
  }
  if (used.length > 0) messages.push(`${MESSAGE_USED_SEQUENCES}: ${listWithLimit(used)}`);
  return messages;
}

/**
 * The partial dialect: voids what can be voided and returns the excepted sequences, one entry per
 * sequence or range. The unauthorized, issued and voided parts are excepted; when there are none,
 * the document's last sequence is (a refusal for a reason of DGII's own), so that every document
 * of two sequences or more gets a partial answer. Undefined when nothing would be voided (then the
 * usual rejection applies) or when a one-sequence document has nothing to except (full success).
 */
function voidPartially(
  { environment, state }: ServiceRequest,
  rnc: string,
  ranges: NumericRange[],
  unusable: Unusable[],
): string[] | undefined {
  const exceptedSets = unusable.map((entry) => new IntervalSet([...entry.unauthorized, ...entry.used]));
  const total = ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0);
  if (exceptedSets.every((set) => set.size === 0)) {
    const last = ranges[ranges.length - 1];
    if (!last || total < 2) return undefined;
    exceptedSets[exceptedSets.length - 1]!.add(last.to, last.to);
  }
  const voided: NumericRange[] = ranges.flatMap((range, index) =>
    exceptedSets[index]!.missing(range.from, range.to).map(([from, to]) => ({
      prefix: range.prefix,
      from,
      to,
    })),
  );
  if (voided.length === 0) return undefined;
  state.ledger.recordVoided(environment, rnc, voided);
  state.persist();
  return ranges.flatMap((range, index) =>
    exceptedSets[index]!.toArray().map(([from, to]) => describeRange(range.prefix, from, to)),
  );
}
