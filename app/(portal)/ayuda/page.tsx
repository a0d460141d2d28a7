import type { Metadata } from "next";

import { HelpIndex } from "@/components/help/help-index";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.help.title);
}

/** Ayuda: the help's topics, in the portal's language, for every role. */
export default async function HelpPage() {
  await requirePageAuth();
  const { t } = await getI18n();
  return <HelpIndex t={t.help} />;
}
