import { isConsumerInvoice } from "./ecf-types";
import { DGII_PATH_SEGMENT, type Environment } from "./environments";

/** DGII's host for the printed representation's QR code (the spec's {qr_base_url}). */
export const QR_BASE_URL = "https://ecf.dgii.gov.do";

/**
 * Consumer invoices (type 32) under this total are summarised to DGII (RFCE) and their QR points to
 * consultatimbrefc with fewer parameters; at or above it they are sent whole like any other e-CF.
 */
export const CONSUMER_SUMMARY_THRESHOLD = 250_000;

export interface QrUrlInput {
  environment: Environment;
  rncEmisor: string;
  encf: string;
  /** Exactly as printed (e.g. "1180.00"), or a number (formatted with 2 decimals). */
  montoTotal: string | number;
  codigoSeguridad: string;
  rncComprador?: string | null;
  /** dd-MM-yyyy */
  fechaEmision?: string | null;
  /** dd-MM-yyyy HH:mm:ss */
  fechaFirma?: string | null;
}

/**
 * The buyer's RNC the QR carries: none for minor expenses (43) and payments abroad (47), whose
 * consultatimbre URL DGII builds without RncComprador (ISSUANCE.md, "Security code, QR").
 */
export function qrBuyerRnc(tipo: string, buyerRnc: string | null | undefined): string | null {
  return tipo === "43" || tipo === "47" ? null : (buyerRnc ?? null);
}

function formatAmount(value: string | number): string {
  return typeof value === "number" ? value.toFixed(2) : value.trim();
}

/** Whether the document is a type 32 below RD$250,000 (QR of the summary, consultatimbrefc). */
export function usesConsumerSummaryQr(encf: string, montoTotal: string | number): boolean {
  return isConsumerInvoice(encf) && Number(formatAmount(montoTotal)) < CONSUMER_SUMMARY_THRESHOLD;
}

/**
 * The QR URL of an e-CF's printed representation, in DGII's consultatimbre format. Every value is
 * encodeURIComponent-ed: a security code may contain `+` or `/` (it comes from a base64 signature)
 * and a `+` left raw would be read back as a space; the space of fechaFirma becomes %20.
 */
export function buildQrUrl(input: QrUrlInput): string {
  const base = `${QR_BASE_URL}/${DGII_PATH_SEGMENT[input.environment]}`;
  const montoTotal = formatAmount(input.montoTotal);
  if (usesConsumerSummaryQr(input.encf, montoTotal)) {
    return `${base}/consultatimbrefc?${query([
      ["rncemisor", input.rncEmisor],
      ["encf", input.encf],
      ["montototal", montoTotal],
      ["codigoseguridad", input.codigoSeguridad],
    ])}`;
  }
  return `${base}/consultatimbre?${query([
    ["rncemisor", input.rncEmisor],
    ["rnccomprador", input.rncComprador ?? ""],
    ["encf", input.encf],
    ["fechaemision", input.fechaEmision ?? ""],
    ["montototal", montoTotal],
    ["fechafirma", input.fechaFirma ?? ""],
    ["codigoseguridad", input.codigoSeguridad],
  ])}`;
}

function query(pairs: Array<[string, string]>): string {
  return pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");
}
