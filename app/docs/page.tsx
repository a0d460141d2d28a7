import type { Metadata } from "next";

import { getPortalPreferences } from "@/lib/portal/preferences";
import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";

import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API · Anula" };

const TEXT = {
  es: {
    title: "Documentación de la API de Anula",
    intro:
      "Referencia de la API REST: anulación de rangos de e-NCF, historial y estado de e-CF. Los " +
      "mensajes de error se devuelven en español. Obtenga un idToken con POST /auth/token y envíelo " +
      "como Authorization: Bearer; las consultas de documentos también requieren X-API-KEY.",
    download: "Descargar openapi.json",
    other: "English",
    otherHref: "/docs?lang=en",
    note: "La referencia interactiva está en inglés.",
  },
  en: {
    title: "Anula API documentation",
    intro:
      "REST API reference: voiding of e-NCF ranges, void history and e-CF status. Error messages are " +
      "returned in Spanish. Get an idToken with POST /auth/token and send it as Authorization: Bearer; " +
      "document queries also need X-API-KEY.",
    download: "Download openapi.json",
    other: "Español",
    otherHref: "/docs?lang=es",
    note: "",
  },
} as const;

/** Public page (no sign-in): the OpenAPI document rendered in the browser, offline. */
export default async function DocsPage({ searchParams }: { searchParams: Promise<{ lang?: string }> }) {
  const { lang } = await searchParams;
  const locale = lang === "en" || lang === "es" ? lang : (await getPortalPreferences()).locale;
  const text = TEXT[locale === "en" ? "en" : "es"];
  return (
    <main lang={locale === "en" ? "en" : "es-DO"}>
      <header
        style={{
          padding: "1rem 1.5rem",
          borderBottom: "1px solid #e5e7eb",
          fontFamily: "system-ui, sans-serif",
        }}
      >
        <h1 style={{ fontSize: "1.25rem", margin: 0 }}>{text.title}</h1>
        <p style={{ margin: "0.5rem 0", maxWidth: "60rem" }}>{text.intro}</p>
        <nav style={{ display: "flex", gap: "1rem" }}>
          <a href="/openapi.json" download="anula-openapi.json">
            {text.download}
          </a>
          <a href={text.otherHref} hrefLang={locale === "en" ? "es" : "en"}>
            {text.other}
          </a>
          {text.note && <span>{text.note}</span>}
        </nav>
      </header>
      <ApiReference document={buildOpenApiDocument()} />
    </main>
  );
}
