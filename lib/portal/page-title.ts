import "server-only";

import type { Metadata } from "next";

import { format, getDictionary, type Dictionary } from "@/lib/i18n";

import { getPortalPreferences } from "./preferences";

/** A page's <title> in the user's language: "Historial de anulaciones · Anula". */
export async function pageTitle(pick: (t: Dictionary) => string): Promise<Metadata> {
  const { locale } = await getPortalPreferences();
  const t = getDictionary(locale);
  return { title: format(t.common.pageTitle, { page: pick(t), app: t.common.appName }) };
}
