import type { Metadata } from "next";

import type { Locale } from "@/lib/domain/locale";
import { getDictionary } from "@/lib/i18n";
import { pageTitle } from "@/lib/portal/page-title";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";
import { ApiReference } from "@/components/docs/api-reference";
import type { OpenApiDocument } from "@/components/docs/openapi-model";

import styles from "./docs.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.docs.title);
}

/**
 * Public page (no sign-in): the OpenAPI document rendered here on the server, as plain HTML (no
 * script needed, nothing fetched elsewhere), with the page's words in es or en.
 */
export default async function DocsPage({ searchParams }: { searchParams: Promise<{ lang?: string }> }) {
  const { lang } = await searchParams;
  const locale: Locale = lang === "en" || lang === "es" ? lang : (await getPortalPreferences()).locale;
  const other: Locale = locale === "en" ? "es" : "en";
  const text = getDictionary(locale).docs;
  return (
    <main lang={locale === "en" ? "en" : "es-DO"}>
      <header className={styles.header}>
        <h1>{text.title}</h1>
        <p>{text.intro}</p>
        <nav className={styles.links}>
          <a href="/openapi.json" download="anula-openapi.json">
            {text.download}
          </a>
          <a href={`/docs?lang=${other}`} hrefLang={other}>
            {text.otherLanguage}
          </a>
          <span>{text.referenceLanguage}</span>
        </nav>
      </header>
      <ApiReference document={buildOpenApiDocument() as OpenApiDocument} text={text.reference} />
    </main>
  );
}
