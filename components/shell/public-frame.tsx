import type { ReactNode } from "react";

import type { Locale } from "@/lib/domain/locale";

import { LanguageSwitch } from "./language-switch";
import styles from "./public-frame.module.css";

/**
 * The frame of a portal page for someone the portal's navigation is not for (signed out, or with a
 * step to take in Mi cuenta first): the name, the language and the content. Only a 404 page is seen
 * in it; every other page sends the visitor on first.
 */
export function PublicFrame({
  appName,
  locale,
  languageLabel,
  children,
}: {
  appName: string;
  locale: Locale;
  languageLabel: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame} data-testid="public-frame">
      <header className="page-header">
        <strong>{appName}</strong>
        <LanguageSwitch locale={locale} label={languageLabel} />
      </header>
      <main id="content">{children}</main>
    </div>
  );
}
