import { existsSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { en } from "./en";
import { es } from "./es";
import { HELP_LINKS, HELP_SCREENSHOTS, HELP_TOPICS, isHelpTopic, type HelpTopicText } from "./help-topics";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The page file that serves a portal path: app/(portal)/x/page.tsx, or app/x/page.tsx outside the portal. */
function pageFileOf(href: string): string | null {
  const candidates = [
    path.join(ROOT, "app", "(portal)", href, "page.tsx"),
    path.join(ROOT, "app", href, "page.tsx"),
  ];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** The shape of a topic: how many sections, and in each how many paragraphs, steps and links. */
const shapeOf = (topic: HelpTopicText) =>
  topic.sections.map((section) => ({
    paragraphs: section.paragraphs.length,
    steps: section.steps?.length ?? 0,
    links: section.links?.map((link) => link.to) ?? [],
    figure: section.figure?.name ?? null,
    block: section.block ?? null,
  }));

describe("the portal's help", () => {
  it("has every topic in Spanish and in English, with the same sections, links and screenshots", () => {
    expect(Object.keys(es.help.topics).sort()).toEqual([...HELP_TOPICS].sort());
    expect(Object.keys(en.help.topics).sort()).toEqual([...HELP_TOPICS].sort());
    for (const slug of HELP_TOPICS) {
      const [spanish, english] = [es.help.topics[slug], en.help.topics[slug]];
      for (const topic of [spanish, english]) {
        expect(topic.title, slug).not.toBe("");
        expect(topic.summary, slug).not.toBe("");
        expect(topic.sections.length, slug).toBeGreaterThan(0);
        for (const section of topic.sections) {
          expect(section.paragraphs.length + (section.steps?.length ?? 0), section.heading).toBeGreaterThan(
            0,
          );
        }
      }
      expect(shapeOf(english), slug).toEqual(shapeOf(spanish));
      // Translated, not copied: no heading is the same in both languages.
      const headings = new Set(spanish.sections.map((section) => section.heading));
      expect(
        english.sections.filter((section) => headings.has(section.heading)),
        slug,
      ).toEqual([]);
    }
  });

  it("links only to pages the portal has", () => {
    for (const [name, href] of Object.entries(HELP_LINKS)) {
      expect(pageFileOf(href), `${name} → ${href}`).not.toBeNull();
    }
    // The check itself: a page that does not exist is found.
    expect(pageFileOf("/tools/nope")).toBeNull();
  });

  it("shows every screenshot the suite takes, in some topic", () => {
    const shown = new Set(
      HELP_TOPICS.flatMap((slug) => es.help.topics[slug].sections.map((section) => section.figure?.name)),
    );
    expect(HELP_SCREENSHOTS.filter((name) => !shown.has(name))).toEqual([]);
  });

  it("tells a topic from any other path segment", () => {
    expect(HELP_TOPICS.every(isHelpTopic)).toBe(true);
    for (const other of ["", "Anular", "anular/", "constructor", "toString", "x"]) {
      expect(isHelpTopic(other), other).toBe(false);
    }
  });
});
