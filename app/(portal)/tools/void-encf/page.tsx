import type { Metadata } from "next";
import { voidToolStrings } from "@/components/void-tool/strings";
import { VoidTool } from "@/components/void-tool/void-tool";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { hasRole, requirePageAuth } from "@/lib/portal/page-auth";
import styles from "@/components/void-tool/void-tool.module.css";

export const metadata: Metadata = { title: "Anular e-NCF · Anula" };

/** Tools → Anular e-NCF. A viewer sees why the tool is not available; the actions refuse them too. */
export default async function VoidEncfPage() {
  const auth = await requirePageAuth();
  const { locale, environment } = await getPortalPreferences();
  if (!hasRole(auth, "operator")) {
    const t = voidToolStrings(locale);
    return (
      <div className={styles.tool}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.note} role="note" data-testid="no-access">
          {t.viewerDenied}
        </p>
      </div>
    );
  }
  // Switching the environment keeps the lines typed so far; the draft and its warnings are redone.
  return <VoidTool locale={locale} environment={environment} rnc={auth.rnc} />;
}
