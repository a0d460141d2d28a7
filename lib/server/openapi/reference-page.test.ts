import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";

import { ApiContents, apiSections, ApiSection } from "@/components/docs/api-reference";
import type { OpenApiDocument } from "@/components/docs/openapi-model";
import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { buildOpenApiDocument } from "./build-openapi";

/**
 * /docs renders the OpenAPI document on the server (components/docs): its contents page links one
 * page per tag, the webhooks' events and the schemas; every operation of the document is on its
 * tag's page, anchored by its operationId with its method, path and summary; every webhook and
 * schema too; every link of every page leads to a page and an anchor that exist. No script, no
 * third-party markup, and each page small enough for a phone and an accessibility scan.
 */
const document = buildOpenApiDocument() as OpenApiDocument;
const METHODS = ["get", "put", "post", "patch", "delete"];
const text = es.docs.reference;

const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

interface Page {
  html: string;
  ids: Set<string>;
  /** The text of every h3 by its anchor, tags stripped. */
  headings: Map<string, string>;
}

function page(element: ReactElement): Page {
  const html = renderToStaticMarkup(element);
  return {
    html,
    ids: new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => unescape(match[1]!))),
    headings: new Map(
      [...html.matchAll(/<h3 id="([^"]+)"[^>]*>(.*?)<\/h3>/g)].map((match) => [
        unescape(match[1]!),
        unescape(match[2]!.replace(/<[^>]+>/g, "")),
      ]),
    ),
  };
}

const pages = new Map<string, Page>();
beforeAll(() => {
  pages.set("/docs", page(createElement(ApiContents, { document, text, query: "" })));
  for (const { slug } of apiSections(document, text)) {
    pages.set(`/docs/${slug}`, page(createElement(ApiSection, { document, text, slug, query: "" })));
  }
});

describe("the /docs reference", () => {
  it("puts every operation of the document on its tag's page, anchored by its operationId, with its method, path and summary", () => {
    let count = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as
          { operationId: string; summary: string; tags: string[] } | undefined;
        if (!operation) continue;
        count++;
        const section = apiSections(document, text).find((s) => s.title === operation.tags[0])!;
        const tagPage = pages.get(`/docs/${section.slug}`)!;
        expect(tagPage.headings.get(operation.operationId), operation.operationId).toBe(
          `${method.toUpperCase()} ${path}`,
        );
        expect(unescape(tagPage.html)).toContain(operation.summary);
        // The contents page lists it with a link to its place.
        expect(pages.get("/docs")!.html).toContain(`href="/docs/${section.slug}#${operation.operationId}"`);
      }
    }
    expect(count).toBeGreaterThanOrEqual(40);
  });

  it("has a contents page linking each tag's page in the document's order, the events and the schemas", () => {
    const contents = /<nav[^>]*>(.*?)<\/nav>/.exec(pages.get("/docs")!.html)![1]!;
    const positions = (document.tags ?? []).map((tag) => unescape(contents).indexOf(`>${tag.name}</a>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(contents).toContain('href="/docs/anulaciones"');
    expect(contents).toContain('href="/docs/autenticacion"');
    expect(contents).toContain('href="/docs/eventos-webhook"');
    expect(contents).toContain('href="/docs/esquemas"');
    expect(renderToStaticMarkup(createElement(ApiSection, { document, text, slug: "nada", query: "" }))).toBe(
      "",
    );
  });

  it("shows every webhook and every schema, and an operation's request and response shapes", () => {
    const events = pages.get("/docs/eventos-webhook")!;
    for (const event of Object.keys(document.webhooks ?? {})) {
      expect(events.headings.get(`webhook-${event}`)).toBe(`POST ${event}`);
    }
    const schemas = pages.get("/docs/esquemas")!;
    for (const name of Object.keys(document.components?.schemas ?? {})) {
      expect(schemas.ids).toContain(`schema-${name}`);
    }
    const voids = pages.get("/docs/anulaciones")!.html;
    const start = voids.indexOf('id="createVoid"');
    const createVoid = voids.slice(start, voids.indexOf("</article>", start));
    // The request body's schema opened, the responses by status, a folded example, the header.
    expect(createVoid).toContain('href="/docs/esquemas#schema-VoidNcfRequest"');
    expect(createVoid).toContain(">secuenciaDesde</code>");
    for (const status of ["200", "400", "422", "502"])
      expect(createVoid).toContain(`<code>${status}</code></h5>`);
    expect(createVoid).toMatch(/<details[^>]*><summary>Ejemplo: accepted/);
    expect(createVoid).toContain("&quot;secuenciaDesde&quot;: &quot;E310000006001&quot;");
    expect(createVoid).toContain(">Idempotency-Key</code>");
  });

  it("every link of every page leads to a page and an anchor that exist, and no anchor repeats on a page", () => {
    let links = 0;
    for (const [path, { html, ids }] of pages) {
      const all = [...html.matchAll(/ id="([^"]+)"/g)];
      expect(all.length, path).toBe(ids.size);
      for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
        const [target, anchor] = unescape(href!).split("#");
        const targetPage = target === "" ? path : target!;
        expect(pages.has(targetPage), `${path} → ${href}`).toBe(true);
        if (anchor) expect(pages.get(targetPage)!.ids.has(anchor), `${path} → ${href}`).toBe(true);
        links++;
      }
    }
    expect(links).toBeGreaterThan(200);
  });

  it("renders the descriptions' Markdown as HTML, no script or vendor markup, each page at most ~400 KB", () => {
    const all = [...pages.values()].map((p) => p.html).join("");
    expect(all).toContain("<code>Idempotency-Key</code>");
    expect(all).toMatch(/<table class="[^"]+"><thead><tr><th scope="col">/);
    expect(all).not.toContain("<script");
    expect(all).not.toMatch(/@scalar|class="scalar|data-v-/i);
    for (const [path, { html }] of pages) expect(html.length, path).toBeLessThan(400_000);
    // Descriptions are English inside a Spanish page; the page's own words follow its language.
    const voids = pages.get("/docs/anulaciones")!.html;
    expect(voids).toContain('lang="en"');
    expect(voids).toContain(">Parámetros</h4>");
    const english = renderToStaticMarkup(
      createElement(ApiSection, {
        document,
        text: en.docs.reference,
        slug: "anulaciones",
        query: "?lang=en",
      }),
    );
    expect(english).toContain(">Parameters</h4>");
    expect(english).toContain('href="/docs/esquemas?lang=en#schema-VoidNcfRequest"');
  });
});
