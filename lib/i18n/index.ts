import type { Locale } from "@/lib/domain/locale";

import { en } from "./en";
import { es, type Dictionary } from "./es";

export type { Dictionary };

/** A message that depends on a count: Intl.PluralRules picks the form ("1 línea", "2 líneas"). */
export interface Plural {
  readonly one: string;
  readonly other: string;
}

const DICTIONARIES: Record<Locale, Dictionary> = { es, en };

/** The BCP 47 tag of a portal language: Dominican Spanish, or English as read in the DR (US style). */
export function intlLocale(locale: Locale): string {
  return locale === "es" ? "es-DO" : "en-US";
}

/**
 * The portal's strings in one language (es by default): one catalogue per language for every portal
 * string. Isomorphic: server components read it, client components get slices as props.
 */
export function getDictionary(locale: Locale): Dictionary {
  return DICTIONARIES[locale];
}

/** Fills `{name}` placeholders; an unknown placeholder is left visible so a missing value is noticed. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The form of `message` for `count` in `locale`, with `{count}` written as a localized number and the
 * other placeholders filled from `values`. CLDR categories beyond one/other (Spanish "many" for
 * 1,000,000) take the `other` form, which is what Spanish writes for them.
 */
export function plural(
  message: Plural,
  count: number,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(locale));
    pluralRules.set(locale, rules);
  }
  const form = rules.select(count) === "one" ? message.one : message.other;
  return format(form, { count: formatNumber(count, locale), ...values });
}

/** Numbers as a Dominican reader expects them (10,000 and 1,180.00): es-DO and en-US group the same way. */
export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return value.toLocaleString(intlLocale(locale), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** An amount in Dominican pesos: "RD$118,000.00" in Spanish, "DOP 118,000.00" in English. */
export function formatCurrency(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: "DOP" }).format(value);
}

/** A size in megabytes with one decimal ("1.3 MB"), as both languages write it here. */
export function formatMegabytes(bytes: number, locale: Locale): string {
  return `${formatNumber(bytes / 1e6, locale, 1)} MB`;
}
