/** The portal and the API speak Spanish (es-DO) by default; English is a switch. */
export type Locale = "es" | "en";
export const DEFAULT_LOCALE: Locale = "es";
