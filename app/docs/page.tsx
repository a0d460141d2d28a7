import type { Metadata } from "next";

import { pageTitle } from "@/lib/portal/page-title";
import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";
import { ApiContents, docsQuery } from "@/components/docs/api-reference";
import type { OpenApiDocument } from "@/components/docs/openapi-model";

import { DocsHeader, docsLocale } from "./docs-header";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.docs.title);
}

/**
 * Public page (no sign-in): the API reference's contents, rendered here on the server from the
 * OpenAPI document as plain HTML (no script needed, nothing fetched elsewhere); each tag, the
 * webhooks' events and the schemas have their own page below /docs.
 */
export default async function DocsPage({ searchParams }: { searchParams: Promise<{ lang?: string }> }) {
  const { lang } = await searchParams;
  const { locale, text } = await docsLocale(lang);
  return (
    <main lang={locale === "en" ? "en" : "es-DO"}>
      <DocsHeader locale={locale} path="/docs" />
      <ApiContents
        document={buildOpenApiDocument() as OpenApiDocument}
        text={text.reference}
        query={docsQuery(lang)}
      />
    </main>
  );
}
