import "server-only";

import { randomUUID } from "node:crypto";

import Decimal from "decimal.js";

import { xmlFileOf } from "./auth-services";
import {
  checkReceivedDocument,
  RECEPTION_CODES,
  verdictMaker,
  type ReceptionContext,
  type ReceptionVerdict,
} from "./ecf-reception-checks";
import { CONSUMER_INVOICE_THRESHOLD, dgiiReceptionTime } from "./recepcion";
import { ESTADOS } from "./registry";
import { jsonReply, unauthorizedReply, type Reply, type ServiceRequest } from "./reply";
import { checkRfceAmounts } from "./rfce-amounts";

/** Ours: DGII publishes no text for a summary of an invoice that had to travel whole. */
export const MESSAGE_WHOLE_INVOICE_REQUIRED =
  "Las Facturas de Consumo Electrónicas con un monto igual o superior a los RD$250,000.00 no se resumen: deben enviarse completas al servicio de recepción de e-CF.";

/**
 * POST …/recepcionfc/api/recepcion/ecf (DGII's FC host, fc.dgii.gov.do): the summary (RFCE) of a
 * type 32 under RD$250,000, whose full e-CF the issuer keeps. Unlike recepcion the answer is the
 * verdict itself, synchronous and without a trackId (Descripción Técnica, "Recepción RFCE"):
 * `{ codigo, estado, mensajes: [{ codigo, valor }], encf, secuenciaUtilizada }`, codigo 1 Aceptado,
 * 4 Aceptado Condicional, 2 Rechazado; the messages' codigo is a string, as DGII's sample shows.
 *
 * The same token and multipart rules as recepcion (401; 400 without Content-Length or `xml` part).
 * The summary is remembered (an accepted one spends its number in the ledger) and consultarfce finds
 * it by RNC, e-NCF and its CodigoSeguridadeCF.
 */
export async function recepcionFc(request: ServiceRequest): Promise<Reply> {
  const { environment, state } = request;
  const claims = await state.credentials.verifyToken(environment, request.request.headers.authorization);
  if (!claims) return unauthorizedReply();
  const call = { tokenHolderId: claims.holderId, tokenFingerprint: claims.fingerprint };
  const file = xmlFileOf(request);
  if (!("xml" in file)) return { ...file, call };
  const { xml } = file;

  const verdict = await judgeRfce(xml, {
    environment,
    state,
    tokenHolderId: claims.holderId,
    today: new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10),
  });
  const codigoSeguridad = /<CodigoSeguridadeCF>([^<]*)<\/CodigoSeguridadeCF>/.exec(xml)?.[1];
  if (verdict.encf && codigoSeguridad !== undefined) {
    // The registry's key only: DGII gives a summary no trackId (consultatrackids leaves it out).
    state.registry.registerDocument({
      environment,
      trackId: `rfce-${randomUUID()}`,
      ...verdict,
      fechaRecepcion: dgiiReceptionTime(new Date()),
      summary: { codigoSeguridad },
    });
  }
  if (verdict.codigo === 1 || verdict.codigo === 4) {
    state.ledger.markIssued(environment, verdict.rnc, [{ from: verdict.encf, to: verdict.encf }]);
  }
  state.persist();
  return jsonReply(
    200,
    {
      codigo: verdict.codigo,
      estado: ESTADOS[verdict.codigo],
      mensajes: verdict.mensajes.map(({ codigo, valor }) => ({ codigo: String(codigo), valor })),
      encf: verdict.encf,
      secuenciaUtilizada: verdict.secuenciaUtilizada,
    },
    { ...call, rncEmisor: verdict.rnc },
  );
}

/**
 * DGII's checks of an RFCE, in order; the first failing stage decides. The RFCE XSD (DGII's
 * `RFCE 32 v.1.0.xsd` with its `(?:` fix; it also requires TipoeCF 32, the signature element and a
 * 6-character CodigoSeguridadeCF), then the stages recepcion has too (signature, certificate in
 * force, holder and delegation, e-NCF of type 32, authorized, not used, not voided). Then:
 * a MontoTotal at or above RD$250,000 is refused with the number left free (the invoice must go
 * whole to recepcion under the same e-NCF); the format's own sums (rfce-amounts.ts) beyond tolerance
 * give Aceptado Condicional; else Aceptado.
 */
export async function judgeRfce(xml: string, context: ReceptionContext): Promise<ReceptionVerdict> {
  const { verdict, reject } = verdictMaker(xml, context.tokenHolderId);
  const checked = await checkReceivedDocument(xml, "rfce", context);
  if ("rejected" in checked) return checked.rejected;
  if (new Decimal(checked.ecf.totales.MontoTotal ?? "0").greaterThanOrEqualTo(CONSUMER_INVOICE_THRESHOLD)) {
    return reject(RECEPTION_CODES.wholeInvoiceRequired, MESSAGE_WHOLE_INVOICE_REQUIRED);
  }
  const observations = checkRfceAmounts(xml);
  if (observations.length > 0) return verdict(4, true, RECEPTION_CODES.amounts, observations);
  return verdict(1, true, 0, []);
}
