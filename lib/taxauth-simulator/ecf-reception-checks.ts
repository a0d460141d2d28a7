import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { holderIdOf } from "./credentials";
import { checkEcfAmounts } from "./ecf-amounts";
import { readEcf, type EcfContent } from "./ecf-reader";
import type { EstadoCodigo } from "./registry";
import { parseEncf, VALID_SERIES } from "./sequences";
import type { SimulatorState } from "./state";
import { ecfXsdName, validateAgainstXsd, type XsdName } from "./validate-xsd";
import { verifyXmlSignature } from "./xmldsig/verify-xml-signature";

/** DGII's verdict on a received e-CF, as consultaresultado reports it once validated. */
export interface ReceptionVerdict {
  codigo: Extract<EstadoCodigo, 1 | 2 | 4>;
  /** false: the number may be sent again (DGII: certificate, signature, XSD, delegation, authorization, expiry, RNC). */
  secuenciaUtilizada: boolean;
  mensajes: Array<{ valor: string; codigo: number }>;
  rnc: string;
  encf: string;
}

/**
 * The message codes are the simulator's own (DGII publishes no table; one real answer shows 1924):
 * one per cause, so a test or a client can tell causes apart without reading the Spanish.
 */
export const RECEPTION_CODES = {
  schema: 100,
  signature: 200,
  certificate: 210,
  delegation: 300,
  sequenceType: 400,
  unauthorized: 500,
  expired: 510,
  used: 600,
  voided: 610,
  amounts: 700,
  /** recepcionfc: a summary of a type 32 at or above RD$250,000, which must travel whole to recepcion. */
  wholeInvoiceRequired: 800,
} as const;

export const MESSAGE_BAD_SIGNATURE = "La firma del documento no es válida";

export interface ReceptionContext {
  environment: Environment;
  state: SimulatorState;
  tokenHolderId: string | null;
  /** Santo Domingo's date today, yyyy-MM-dd: a sequence past its FechaVencimientoSecuencia is expired. */
  today: string;
}

/** Builds verdicts about one received document: its declared RNCEmisor and e-NCF ride on each. */
export function verdictMaker(xml: string, tokenHolderId: string | null) {
  const declared = {
    rnc: /<RNCEmisor>\s*(\d+)\s*<\/RNCEmisor>/.exec(xml)?.[1] ?? tokenHolderId ?? "",
    encf: (/<eNCF>\s*([^<\s]*)\s*<\/eNCF>/.exec(xml)?.[1] ?? "").toUpperCase(),
  };
  const verdict = (
    codigo: ReceptionVerdict["codigo"],
    secuenciaUtilizada: boolean,
    code: number,
    messages: string[],
  ): ReceptionVerdict => ({
    codigo,
    secuenciaUtilizada,
    mensajes: messages.map((valor) => ({ valor, codigo: code })),
    ...declared,
  });
  /** A rejection that leaves the number free (secuenciaUtilizada false). */
  const reject = (code: number, ...messages: string[]) => verdict(2, false, code, messages);
  return { verdict, reject };
}

/**
 * DGII's checks of a received e-CF, in order; the first failing stage decides. XSD (the schema of
 * the document's own TipoeCF), then the stages every reception shares (`checkReceivedDocument`),
 * then the amounts (ecf-amounts.ts): beyond tolerance, Aceptado Condicional with the observations;
 * else Aceptado.
 */
export async function judgeEcf(xml: string, context: ReceptionContext): Promise<ReceptionVerdict> {
  const { verdict, reject } = verdictMaker(xml, context.tokenHolderId);
  const tipo = /<TipoeCF>\s*([^<\s]*)\s*<\/TipoeCF>/.exec(xml)?.[1] ?? "";
  const schema = ecfXsdName(tipo);
  if (!schema) {
    return reject(RECEPTION_CODES.schema, `El tipo de comprobante no es válido: TipoeCF "${tipo}".`);
  }
  const checked = await checkReceivedDocument(xml, schema, context);
  if ("rejected" in checked) return checked.rejected;
  const observations = checkEcfAmounts(checked.ecf);
  if (observations.length > 0) return verdict(4, true, RECEPTION_CODES.amounts, observations);
  return verdict(1, true, 0, []);
}

/**
 * The stages an e-CF (recepcion) and a consumer-invoice summary (RFCE, recepcionfc) share, in
 * DGII's order: the XSD `schema`, the signature, the signer's certificate in force, certificate and
 * token holder (the issuer or delegated), the e-NCF against TipoeCF, authorization and expiry of the
 * sequence — a rejection that leaves the number free. A number already used or voided: a rejection
 * that spends it. Otherwise the document as read, for the caller's own last stages.
 */
export async function checkReceivedDocument(
  xml: string,
  schema: XsdName,
  context: ReceptionContext,
): Promise<{ rejected: ReceptionVerdict } | { ecf: EcfContent }> {
  const { environment, state } = context;
  const { verdict, reject: rejectNow } = verdictMaker(xml, context.tokenHolderId);
  const reject = (code: number, ...messages: string[]) => ({ rejected: rejectNow(code, ...messages) });

  const validation = await validateAgainstXsd(xml, schema);
  if (!validation.valid) {
    return reject(
      RECEPTION_CODES.schema,
      ...validation.errors.slice(0, 5).map((error) => `El documento no cumple con el esquema XSD: ${error}`),
    );
  }
  const signature = await verifyXmlSignature(xml);
  if (!signature.valid || !signature.certificate)
    return reject(RECEPTION_CODES.signature, MESSAGE_BAD_SIGNATURE);
  const { notBefore, notAfter } = signature.certificate;
  const now = Date.now();
  if (new Date(notAfter).getTime() < now || new Date(notBefore).getTime() > now) {
    return reject(
      RECEPTION_CODES.certificate,
      "El certificado con el que se firmó el documento no está vigente.",
    );
  }

  const ecf = readEcf(xml);
  const signerId = holderIdOf(signature.certificate.subjectSerialNumber);
  for (const holder of new Set([signerId, context.tokenHolderId])) {
    if (!state.registry.mayActFor(environment, holder, ecf.rncEmisor)) {
      return reject(
        RECEPTION_CODES.delegation,
        `El RNC del certificado no está delegado para realizar transacciones para el RNC: ${ecf.rncEmisor}`,
      );
    }
  }

  const parsed = parseEncf(ecf.encf);
  if (!parsed || !VALID_SERIES.test(parsed.series) || parsed.number === 0 || parsed.type !== ecf.tipoeCF) {
    return reject(
      RECEPTION_CODES.sequenceType,
      `El e-NCF ${ecf.encf} no es válido para el TipoeCF ${ecf.tipoeCF}.`,
    );
  }
  const range = { prefix: parsed.prefix, from: parsed.number, to: parsed.number };
  if (state.ledger.unauthorizedParts(environment, ecf.rncEmisor, range).length > 0) {
    return reject(
      RECEPTION_CODES.unauthorized,
      `La secuencia ${ecf.encf} no está autorizada para el RNC ${ecf.rncEmisor}.`,
    );
  }
  const expiry = isoDate(ecf.fechaVencimientoSecuencia);
  if (expiry && expiry < context.today) {
    return reject(
      RECEPTION_CODES.expired,
      `La secuencia ${ecf.encf} está vencida (FechaVencimientoSecuencia ${ecf.fechaVencimientoSecuencia}).`,
    );
  }
  const used = state.ledger.usedAs(environment, ecf.rncEmisor, range);
  if (used === "voided") {
    return {
      rejected: verdict(2, true, RECEPTION_CODES.voided, [
        `El e-NCF ${ecf.encf} fue anulado y no puede utilizarse.`,
      ]),
    };
  }
  if (used === "issued") {
    return { rejected: verdict(2, true, RECEPTION_CODES.used, [`El e-NCF ${ecf.encf} ya fue utilizado.`]) };
  }
  return { ecf };
}

/** "31-12-2028" (DGII writes days and months with or without a leading zero) → "2028-12-31". */
function isoDate(ddMMyyyy: string): string | undefined {
  const match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(ddMMyyyy);
  if (!match) return undefined;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}
