import type { ReactNode } from "react";

import { PublicFrame } from "@/components/shell/public-frame";
import { getI18n } from "@/lib/portal/i18n";
import { portalPageAuth } from "@/lib/portal/page-auth";

import { SignedInShell } from "./signed-in-shell";

/**
 * The signed-in portal: navigation, company and environment (both always visible) and language.
 * Nobody is sent away here: each page sends a signed-out visitor to /login, and a person with a
 * forced step (temporary password, second factor their organization requires) or with no company to
 * Mi cuenta (app/(account)), through requirePageAuth. What such a visitor sees in this plain frame is
 * only the 404 page of an unknown path (not-found.tsx).
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const auth = await portalPageAuth();
  if (!auth) {
    const { t, locale } = await getI18n();
    return (
      <PublicFrame appName={t.common.appName} locale={locale} languageLabel={t.common.language}>
        {children}
      </PublicFrame>
    );
  }
  return <SignedInShell auth={auth}>{children}</SignedInShell>;
}
