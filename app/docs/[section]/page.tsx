import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { pageTitle } from "@/lib/portal/page-title";
import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";
import { apiSections, ApiSection, docsQuery } from "@/components/docs/api-reference";
import type { OpenApiDocument } from "@/components/docs/openapi-model";
import { getDictionary } from "@/lib/i18n";

import { DocsHeader, docsLocale } from "../docs-header";

type Params = { params: Promise<{ section: string }>; searchParams: Promise<{ lang?: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { section } = await params;
  return pageTitle((t) => {
    const found = apiSections(buildOpenApiDocument() as OpenApiDocument, t.docs.reference).find(
      (candidate) => candidate.slug === section,
    );
    return found ? `${found.title} · ${t.docs.title}` : t.docs.title;
  });
}

/** Public page: one part of the API reference (a tag's operations, the webhooks' events or the schemas). */
export default async function DocsSectionPage({ params, searchParams }: Params) {
  const [{ section }, { lang }] = await Promise.all([params, searchParams]);
  const { locale, text } = await docsLocale(lang);
  const document = buildOpenApiDocument() as OpenApiDocument;
  if (!apiSections(document, getDictionary(locale).docs.reference).some((s) => s.slug === section))
    notFound();
  return (
    <main lang={locale === "en" ? "en" : "es-DO"}>
      <DocsHeader locale={locale} path={`/docs/${section}`} />
      <ApiSection document={document} text={text.reference} slug={section} query={docsQuery(lang)} />
    </main>
  );
}
