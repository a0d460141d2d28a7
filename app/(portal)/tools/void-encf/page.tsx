import type { Metadata } from "next";

import { Banner } from "@/components/ui/banner";
import { VoidTool } from "@/components/void-tool/void-tool";
import { getDictionary } from "@/lib/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.voidTool.title);
}

/** Tools → Anular e-NCF. A viewer sees why the tool is not available; the actions refuse them too. */
export default async function VoidEncfPage() {
  const auth = await requirePageAuth();
  const { locale, environment } = await getPortalPreferences();
  const t = getDictionary(locale).voidTool;
  if (!mayTake(auth, "voids.send")) {
    return (
      <>
        <h1>{t.title}</h1>
        <Banner tone="info" testId="no-access">
          <p>{t.viewerDenied}</p>
        </Banner>
      </>
    );
  }
  // Switching the environment keeps the lines typed so far; the draft and its warnings are redone.
  return <VoidTool locale={locale} strings={t} environment={environment} rnc={auth.rnc} />;
}
