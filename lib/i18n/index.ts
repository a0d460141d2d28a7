import type { Locale } from "@/lib/domain/locale";

import { en } from "./en";
import { es, type Dictionary } from "./es";

export type { Dictionary };

const DICTIONARIES: Record<Locale, Dictionary> = { es, en };

/** The portal's strings in one language (es by default). Isomorphic: client components get slices as props. */
export function getDictionary(locale: Locale): Dictionary {
  return DICTIONARIES[locale];
}

/** Fills `{name}` placeholders; an unknown placeholder is left visible so a missing value is noticed. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Numbers as a Dominican reader expects them (10,000 and 1,180.00): es-DO and en-US group the same way. */
export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return value.toLocaleString(locale === "es" ? "es-DO" : "en-US", {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}
