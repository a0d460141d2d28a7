import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";

import { ApiReference } from "@/components/docs/api-reference";
import type { OpenApiDocument } from "@/components/docs/openapi-model";
import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { buildOpenApiDocument } from "./build-openapi";

/**
 * /docs renders the OpenAPI document on the server (components/docs): every operation of the
 * document is on the page under its tag, anchored by its operationId with its method and path;
 * every webhook and schema too; the contents and every in-page link lead to an anchor that exists;
 * no script and no third-party markup.
 */
const document = buildOpenApiDocument() as OpenApiDocument;
const METHODS = ["get", "put", "post", "patch", "delete"];

const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

let html: string;
let ids: string[];
beforeAll(() => {
  html = renderToStaticMarkup(createElement(ApiReference, { document, text: es.docs.reference }));
  ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => unescape(match[1]!));
  headings = new Map(
    [...html.matchAll(/<h3 id="([^"]+)"[^>]*>(.*?)<\/h3>/g)].map((match) => [
      unescape(match[1]!),
      unescape(match[2]!.replace(/<[^>]+>/g, "")),
    ]),
  );
});

/** The text of every h3 (operations, webhooks, schemas) by its anchor, tags stripped. */
let headings: Map<string, string>;
const headingText = (id: string) => headings.get(id) ?? "";

describe("the /docs reference", () => {
  it("shows every operation of the document, anchored by its operationId, with its method, path and summary", () => {
    const plain = unescape(html);
    let count = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as { operationId: string; summary: string } | undefined;
        if (!operation) continue;
        count++;
        expect(ids, operation.operationId).toContain(operation.operationId);
        expect(headingText(operation.operationId)).toBe(`${method.toUpperCase()} ${path}`);
        expect(plain).toContain(operation.summary);
      }
    }
    expect(count).toBeGreaterThanOrEqual(40);
  });

  it("groups the operations under the document's tags, in its order, each in the contents", () => {
    const tagPositions = (document.tags ?? []).map((tag) => html.indexOf(`>${tag.name}</h2>`));
    expect(tagPositions.every((position) => position > 0)).toBe(true);
    expect([...tagPositions].sort((a, b) => a - b)).toEqual(tagPositions);
    const contents = /<nav[^>]*>(.*?)<\/nav>/.exec(html)![1]!;
    for (const tag of document.tags ?? []) expect(unescape(contents)).toContain(`>${tag.name}</a>`);
    expect(contents).toContain('href="#webhooks"');
    expect(contents).toContain('href="#schemas"');
    // createVoid sits in its tag's section, after its heading.
    const voids = html.indexOf(">Anulaciones</h2>");
    expect(html.indexOf('id="createVoid"')).toBeGreaterThan(voids);
  });

  it("shows every webhook and every schema, and their request and response shapes", () => {
    for (const event of Object.keys(document.webhooks ?? {})) {
      expect(ids).toContain(`webhook-${event}`);
      expect(headingText(`webhook-${event}`)).toBe(`POST ${event}`);
    }
    for (const name of Object.keys(document.components?.schemas ?? {}))
      expect(ids).toContain(`schema-${name}`);
    const createVoid = html.slice(
      html.indexOf('id="createVoid"'),
      html.indexOf("</article>", html.indexOf('id="createVoid"')),
    );
    // The request body's schema with its properties, the responses by status, a folded example.
    expect(createVoid).toContain('href="#schema-VoidNcfRequest"');
    expect(createVoid).toContain(">secuenciaDesde</code>");
    for (const status of ["200", "400", "422", "502"])
      expect(createVoid).toContain(`<code>${status}</code></h5>`);
    expect(createVoid).toMatch(/<details[^>]*><summary>Ejemplo: accepted/);
    expect(createVoid).toContain("&quot;secuenciaDesde&quot;: &quot;E310000006001&quot;");
    expect(createVoid).toContain(">Idempotency-Key</code>");
  });

  it("every in-page link leads to an anchor that exists, and no anchor repeats", () => {
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => unescape(match[1]!));
    expect(targets.length).toBeGreaterThan(100);
    const known = new Set(ids);
    expect(targets.filter((target) => !known.has(target))).toEqual([]);
    expect(ids.length).toBe(known.size);
  });

  it("renders the descriptions' Markdown (code, tables) as HTML, with no script or vendor markup", () => {
    expect(html).toContain("<code>Idempotency-Key</code>");
    expect(html).toMatch(/<table class="[^"]+"><thead><tr><th scope="col">/);
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/@scalar|class="scalar|data-v-/i);
    // Descriptions are English inside a Spanish page; the page's own words follow its language.
    expect(html).toContain('lang="en"');
    expect(html).toContain(">Parámetros</h4>");
    const english = renderToStaticMarkup(createElement(ApiReference, { document, text: en.docs.reference }));
    expect(english).toContain(">Parameters</h4>");
    expect(english).not.toContain(">Parámetros</h4>");
    // The whole page stays a page, not a download (examples fold, schemas are linked, not repeated).
    expect(html.length).toBeLessThan(2_000_000);
  });
});
