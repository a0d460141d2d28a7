import type { Locale } from "@/lib/domain/locale";
import { getDictionary } from "@/lib/i18n";
import { getPortalPreferences } from "@/lib/portal/preferences";

import styles from "./docs.module.css";

/** The reference's language: ?lang=es|en, else the portal's (the cookie), and its words. */
export async function docsLocale(lang: string | undefined) {
  const locale: Locale = lang === "en" || lang === "es" ? lang : (await getPortalPreferences()).locale;
  return { locale, text: getDictionary(locale).docs };
}

/** Every reference page's header: the title, the introduction, the download and the other language. */
export function DocsHeader({ locale, path }: { locale: Locale; path: string }) {
  const text = getDictionary(locale).docs;
  const other: Locale = locale === "en" ? "es" : "en";
  return (
    <header className={styles.header}>
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      <nav className={styles.links} aria-label={text.title}>
        <a href="/openapi.json" download="anula-openapi.json">
          {text.download}
        </a>
        <a href={`${path}?lang=${other}`} hrefLang={other}>
          {text.otherLanguage}
        </a>
        <span>{text.referenceLanguage}</span>
      </nav>
    </header>
  );
}
