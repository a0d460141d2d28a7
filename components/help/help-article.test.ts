import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { NotFoundView } from "@/components/shell/not-found-view";
import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";
import { HELP_LINKS, HELP_TOPICS, type HelpTopic } from "@/lib/i18n/help-topics";

import { HelpArticle, type HelpArticleProps } from "./help-article";
import { HelpIndex } from "./help-index";

const render = (topic: HelpTopic, t = es, images: HelpArticleProps["images"] = {}) =>
  renderToStaticMarkup(
    createElement(HelpArticle, {
      topic: t.help.topics[topic],
      t: t.help,
      statusTexts: t.voidStatus,
      images,
    }),
  );

/** Text as React writes it in HTML (quotes and ampersands escaped). */
const html = (text: string) => renderToStaticMarkup(createElement("span", null, text)).slice(6, -7);

describe("the help's pages", () => {
  it("render every topic in both languages, with its links and no image while the suite has taken none", () => {
    for (const t of [es, en]) {
      for (const slug of HELP_TOPICS) {
        const page = render(slug, t);
        expect(page).toContain(html(t.help.topics[slug].title));
        expect(page).not.toContain("<img");
        expect(page).not.toContain("<figure");
        for (const link of t.help.topics[slug].sections.flatMap((section) => section.links ?? [])) {
          expect(page).toContain(`href="${HELP_LINKS[link.to]}"`);
        }
      }
    }
  });

  it("show a screenshot at its own size, named for screen readers, once the suite has taken it", () => {
    const page = render("anular", en, {
      "void-tool": { src: "/ayuda/void-tool.en.png", width: 1200, height: 700 },
    });
    const caption = en.help.topics.anular.sections.find((section) => section.figure)!.figure!.caption;
    expect(page).toContain('src="/ayuda/void-tool.en.png"');
    expect(page).toContain('width="1200"');
    expect(page).toContain('height="700"');
    expect(page).toContain(`alt="${html(`Screenshot: ${caption}`)}"`);
    // Another topic's screenshot is not this page's.
    expect(render("estados", en, { "void-tool": { src: "/x.png", width: 1, height: 1 } })).not.toContain(
      "<img",
    );
  });

  it("word the statuses and the Error reasons as the history does", () => {
    const page = render("estados");
    for (const status of ["Aceptado", "Rechazado", "Error"] as const) {
      expect(page).toContain(html(es.voidStatus.meanings[status]));
    }
    expect(page).toContain(html(`Error · ${es.voidStatus.reasons.INTERRUPTED}`));
    expect(page).toContain(html(es.voidStatus.reasonMeanings.TAXAUTH_AUTH_ERROR));
  });

  it("list every topic in the index", () => {
    const page = renderToStaticMarkup(createElement(HelpIndex, { t: es.help }));
    for (const slug of HELP_TOPICS) expect(page).toContain(`href="/ayuda/${slug}"`);
  });
});

describe("the portal's 404 page", () => {
  const render404 = (signedIn: boolean, t = es) =>
    renderToStaticMarkup(
      createElement(NotFoundView, {
        t: t.notFound,
        signedIn,
        helpLabel: t.help.nav,
        signInLabel: t.login.title,
      }),
    );

  it("offers Inicio and the help to a person in the portal, the sign-in page to anyone else", () => {
    expect(render404(true)).toContain('href="/inicio"');
    expect(render404(true)).toContain('href="/ayuda"');
    expect(render404(true)).not.toContain('href="/login"');
    expect(render404(false)).toContain('href="/login"');
    expect(render404(false)).not.toContain('href="/ayuda"');
    expect(render404(false, en)).toContain(en.notFound.title);
  });
});
