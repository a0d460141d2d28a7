import type { EcfJson } from "../ecf-validation";
import { decimalAt, objectAt, textAt, ZERO, type JsonObject } from "./json-access";

/**
 * The few values the send endpoint reads from a client's e-CF (file name, security-code QR,
 * the type-32 route), each read from the body's `ECF` object in one place so the endpoint, the
 * QR and the rules never disagree on where a value lives.
 */

/** Type 32 at or above this amount in pesos goes to DGII whole (DGII's Descripción Técnica p. 12). */
export const CONSUMER_FULL_SUBMISSION_THRESHOLD = "250000.00";

function encabezado(ecf: EcfJson): JsonObject | undefined {
  return objectAt(ecf.Encabezado);
}

function part(ecf: EcfJson, name: string): JsonObject | undefined {
  return objectAt(encabezado(ecf)?.[name]);
}

/** `Encabezado.IdDoc.TipoeCF` as text ("31"), or undefined. */
export function tipoOf(ecf: EcfJson): string | undefined {
  return textAt(part(ecf, "IdDoc"), "TipoeCF");
}

/** `Encabezado.IdDoc.eNCF`, or undefined. */
export function encfOf(ecf: EcfJson): string | undefined {
  return textAt(part(ecf, "IdDoc"), "eNCF");
}

/** `Encabezado.Emisor.RNCEmisor`, or undefined. */
export function rncEmisorOf(ecf: EcfJson): string | undefined {
  return textAt(part(ecf, "Emisor"), "RNCEmisor");
}

/** The notes (débito 33, crédito 34): the types that modify another e-CF (InformacionReferencia). */
export const NOTE_TYPES: ReadonlySet<string> = new Set(["33", "34"]);

/** `InformacionReferencia.NCFModificado`: the e-NCF a note (e-CF 33 or 34) modifies; undefined for any other type. */
export function ncfModificadoOf(ecf: EcfJson): string | undefined {
  if (!NOTE_TYPES.has(tipoOf(ecf) ?? "")) return undefined;
  return textAt(objectAt(ecf.InformacionReferencia), "NCFModificado");
}

/** `Encabezado.Comprador.RNCComprador`, or undefined (no buyer, or a buyer without RNC). */
export function buyerRncOf(ecf: EcfJson): string | undefined {
  return textAt(part(ecf, "Comprador"), "RNCComprador");
}

/** `Encabezado.Emisor.FechaEmision` as sent: `dd-MM-yyyy`, what the QR's `fechaemision` carries. */
export function fechaEmisionOf(ecf: EcfJson): string | undefined {
  return textAt(part(ecf, "Emisor"), "FechaEmision");
}

export interface EcfAmounts {
  /** `Totales.MontoTotal` as the document carries it (the QR's `montototal` must match the XML). */
  montoTotal: string;
  /** The same amount in pesos with two decimals, for comparisons (DGII's amounts are in DOP). */
  montoTotalPesos: string;
  /** `Totales.TotalITBIS` with two decimals ("0.00" when absent). */
  totalItbis: string;
  /** `OtraMoneda.TipoMoneda`, e.g. "USD", when the document is also in another currency. */
  tipoMoneda?: string;
  /** `OtraMoneda.MontoTotalOtraMoneda` with two decimals, when present. */
  montoTotalOtraMoneda?: string;
}

/**
 * The document's totals. Every amount outside the OtraMoneda area is in pesos (Informe Técnico
 * §11.1.2 p. 20: "Los valores de montos deben ser completados en pesos dominicanos (DOP), excepto
 * los campos correspondientes a otra moneda"), so MontoTotal is the pesos amount even when the
 * document is invoiced in dollars. An absent or unreadable MontoTotal reads as "0.00".
 */
export function ecfAmountsOf(ecf: EcfJson): EcfAmounts {
  const totales = part(ecf, "Totales");
  const otraMoneda = part(ecf, "OtraMoneda");
  const montoTotal = decimalAt(totales, "MontoTotal");
  const otherTotal = decimalAt(otraMoneda, "MontoTotalOtraMoneda");
  const tipoMoneda = textAt(otraMoneda, "TipoMoneda");
  return {
    montoTotal: montoTotal === undefined ? "0.00" : (textAt(totales, "MontoTotal") ?? "0.00"),
    montoTotalPesos: (montoTotal ?? ZERO).toFixed(2),
    totalItbis: (decimalAt(totales, "TotalITBIS") ?? ZERO).toFixed(2),
    ...(tipoMoneda === undefined ? {} : { tipoMoneda }),
    ...(otherTotal === undefined ? {} : { montoTotalOtraMoneda: otherTotal.toFixed(2) }),
  };
}

/** Whether MontoTotal in pesos reaches RD$250,000.00 (at or above). */
export function reachesConsumerThreshold(ecf: EcfJson): boolean {
  const montoTotal = decimalAt(part(ecf, "Totales"), "MontoTotal");
  return montoTotal !== undefined && montoTotal.gte(CONSUMER_FULL_SUBMISSION_THRESHOLD);
}

/**
 * Whether DGII receives the whole e-CF (recepción) rather than only its summary (RFCE): a type 32
 * under RD$250,000.00 in pesos goes as a summary; every other document goes whole.
 */
export function needsFullSubmission(ecf: EcfJson): boolean {
  return tipoOf(ecf) !== "32" || reachesConsumerThreshold(ecf);
}
