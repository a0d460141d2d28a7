/** The e-CF types of the spec's "Supported e-CF types" table, with their document names. */
export const ECF_TYPES = {
  "31": { es: "Factura de Crédito Fiscal Electrónica", en: "Tax credit invoice" },
  "32": { es: "Factura de Consumo Electrónica", en: "Consumer invoice" },
  "33": { es: "Nota de Débito Electrónica", en: "Debit note" },
  "34": { es: "Nota de Crédito Electrónica", en: "Credit note" },
  "41": { es: "Compras Electrónico", en: "Purchases" },
  "43": { es: "Gastos Menores Electrónico", en: "Minor expenses" },
  "44": { es: "Regímenes Especiales Electrónico", en: "Special regimes" },
  "45": { es: "Gubernamental Electrónico", en: "Government" },
  "46": { es: "Comprobante de Exportaciones Electrónico", en: "Export receipt" },
  "47": { es: "Comprobante para Pagos al Exterior Electrónico", en: "Payments abroad receipt" },
} as const;

export type EcfType = keyof typeof ECF_TYPES;

/** Type codes in ascending order (the order of Anulacion blocks). */
export const ECF_TYPE_CODES = Object.keys(ECF_TYPES).sort() as EcfType[];

export function isEcfType(value: string): value is EcfType {
  return Object.prototype.hasOwnProperty.call(ECF_TYPES, value);
}

export function ecfTypeName(type: EcfType, locale: "es" | "en" = "es"): string {
  return ECF_TYPES[type][locale];
}

/** "E31 · Factura de Crédito Fiscal Electrónica"; a type outside the table as its code ("E99"). */
export function ecfTypeLabel(tipo: string, locale: "es" | "en" = "es"): string {
  return isEcfType(tipo) ? `E${tipo} · ${ecfTypeName(tipo, locale)}` : `E${tipo}`;
}

/**
 * A consumer invoice (type 32). Under RD$250,000 DGII receives only its summary (RFCE): found by its
 * security code, never listed among trackIds, and its QR is the summary's.
 */
export function isConsumerInvoice(encf: string): boolean {
  return encf.slice(1, 3) === "32";
}

/** An e-CF's security code: the first 6 characters of its signature's SignatureValue (base64). */
export const SECURITY_CODE_PATTERN = /^[A-Za-z0-9+/=]{6}$/;
