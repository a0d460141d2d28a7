import "server-only";

import { randomUUID } from "node:crypto";

import { xmlFileOf } from "./auth-services";
import { judgeEcf } from "./ecf-reception-checks";
import { NEVER_DECIDED } from "./registry";
import { jsonReply, unauthorizedReply, type Reply, type ServiceRequest } from "./reply";

/** DGII's words (Descripción Técnica Servicios DGII, "Recepción de e-CF"). */
export const MESSAGE_CONSUMER_INVOICE_TO_RFCE =
  "Las Facturas de Consumo Electrónicas con un monto inferior a los RD$250,000.00 no serán recibidas por este servicio, se deberá remitir un resumen de este al servicio recepción de resumen factura de consumo e-CF.";
export const CONSUMER_INVOICE_THRESHOLD = 250_000;

/**
 * POST …/recepcion/api/facturaselectronicas. DGII acknowledges an e-CF with a trackId at once and
 * validates it afterwards; consultaresultado shows 3 En Proceso until the verdict. The simulator
 * decides the verdict at reception (ecf-reception-checks.ts: a number accepted now is spent now, so
 * a second send or a void sees it used at once) and shows it after `state.receptionDelayMs`.
 *
 * Refused before any trackId (HTTP 400 `{ trackId: null, error, mensaje }`): a file name other than
 * RNCEmisor + e-NCF + ".xml", and a type 32 under RD$250,000 (it travels as an RFCE summary).
 */
export async function recepcion(request: ServiceRequest): Promise<Reply> {
  const { environment, state } = request;
  const claims = await state.credentials.verifyToken(environment, request.request.headers.authorization);
  if (!claims) return unauthorizedReply();
  const call = { tokenHolderId: claims.holderId, tokenFingerprint: claims.fingerprint };
  const file = xmlFileOf(request);
  if (!("xml" in file)) return { ...file, call };
  const { xml, fileName } = file;

  const rnc = /<RNCEmisor>\s*(\d+)\s*<\/RNCEmisor>/.exec(xml)?.[1];
  const encf = /<eNCF>\s*([^<\s]*)\s*<\/eNCF>/.exec(xml)?.[1]?.toUpperCase();
  const refuse = (error: string, mensaje: string) =>
    jsonReply(400, { trackId: null, error, mensaje }, { ...call, rncEmisor: rnc });
  if (rnc && encf && fileName?.toUpperCase() !== `${rnc}${encf}.XML`) {
    return refuse(
      "Nombre de archivo no válido",
      `El nombre del archivo debe ser RNCEmisor + e-NCF + ".xml": ${rnc}${encf}.xml, no ${fileName ?? "(ninguno)"}.`,
    );
  }
  const tipo = /<TipoeCF>\s*(\d+)\s*<\/TipoeCF>/.exec(xml)?.[1];
  const montoTotal = Number(/<MontoTotal>\s*([\d.]+)\s*<\/MontoTotal>/.exec(xml)?.[1] ?? NaN);
  if (tipo === "32" && montoTotal < CONSUMER_INVOICE_THRESHOLD) {
    return refuse("Factura de consumo inferior a RD$250,000.00", MESSAGE_CONSUMER_INVOICE_TO_RFCE);
  }

  const trackId = randomUUID();
  const verdict = await judgeEcf(xml, {
    environment,
    state,
    tokenHolderId: claims.holderId,
    today: santoDomingoNow().slice(0, 10),
  });
  const received = Date.now();
  state.registry.registerDocument({
    environment,
    trackId,
    ...verdict,
    fechaRecepcion: dgiiReceptionTime(new Date(received)),
    processingUntil: request.fault?.mode === "no-verdict" ? NEVER_DECIDED : received + state.receptionDelayMs,
  });
  // Accepted, even conditionally, spends the number; a rejection that spends it was already used.
  if (verdict.codigo === 1 || verdict.codigo === 4) {
    state.ledger.markIssued(environment, verdict.rnc, [{ from: verdict.encf, to: verdict.encf }]);
  }
  state.persist();
  return jsonReply(200, { trackId, error: null, mensaje: null }, { ...call, rncEmisor: verdict.rnc });
}

/** Santo Domingo's wall clock (UTC−4, no DST) as an ISO string without zone. */
function santoDomingoNow(now = new Date()): string {
  return new Date(now.getTime() - 4 * 3600_000).toISOString();
}

/** fechaRecepcion as DGII was seen writing it: US format, Santo Domingo time ("11/3/2025 8:13:37 PM"). */
export function dgiiReceptionTime(at: Date): string {
  const local = new Date(at.getTime() - 4 * 3600_000);
  const hours = local.getUTCHours();
  const two = (value: number) => String(value).padStart(2, "0");
  return (
    `${local.getUTCMonth() + 1}/${local.getUTCDate()}/${local.getUTCFullYear()} ` +
    `${hours % 12 === 0 ? 12 : hours % 12}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ` +
    (hours < 12 ? "AM" : "PM")
  );
}
