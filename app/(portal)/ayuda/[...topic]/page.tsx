import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { HelpArticle, type HelpImageProps } from "@/components/help/help-article";
import { HELP_SCREENSHOTS, isHelpTopic, type HelpScreenshot } from "@/lib/i18n/help-topics";
import { helpImage } from "@/lib/portal/help-screenshots";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";

type Params = { params: Promise<{ topic: string[] }> };

/** The one topic a path names (/ayuda/anular), or null for anything else (/ayuda/x, /ayuda/anular/x). */
async function topicOf(params: Params["params"]) {
  const { topic } = await params;
  return topic.length === 1 && isHelpTopic(topic[0]!) ? topic[0]! : null;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const topic = await topicOf(params);
  return pageTitle((t) => (topic ? t.help.topics[topic].title : t.notFound.title));
}

/**
 * One help topic. A catch-all, so an unknown path below /ayuda is the portal's 404 page rather than
 * the API's JSON one (app/[environment]/[...rest]).
 */
export default async function HelpTopicPage({ params }: Params) {
  const topic = await topicOf(params);
  // Before signing in is checked: an unknown path is a 404 for a signed-out visitor too.
  if (!topic) notFound();
  await requirePageAuth();
  const { t, locale } = await getI18n();
  const images: Partial<Record<HelpScreenshot, HelpImageProps>> = {};
  for (const name of HELP_SCREENSHOTS) {
    const image = helpImage(name, locale);
    if (image) images[name] = image;
  }
  return <HelpArticle topic={t.help.topics[topic]} t={t.help} statusTexts={t.voidStatus} images={images} />;
}
