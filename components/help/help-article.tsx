import Link from "next/link";

import { format, type Dictionary } from "@/lib/i18n";
import { HELP_LINKS, type HelpBlock, type HelpScreenshot, type HelpTopicText } from "@/lib/i18n/help-topics";

import styles from "./help.module.css";

/** A screenshot the suite produced (its size read from the file), or null when it has not. */
export interface HelpImageProps {
  src: string;
  width: number;
  height: number;
}

export interface HelpArticleProps {
  topic: HelpTopicText;
  t: Dictionary["help"];
  /** The void statuses' own words (the same as the history and the result page). */
  statusTexts: Dictionary["voidStatus"];
  images: Partial<Record<HelpScreenshot, HelpImageProps>>;
}

const STATUSES = ["Aceptado", "Rechazado", "Error"] as const;

/** A help topic: its sections, each with paragraphs, steps, a status list, a screenshot and links. */
export function HelpArticle({ topic, t, statusTexts, images }: HelpArticleProps) {
  return (
    <article className={styles.article} data-testid="help-article">
      <Link href="/ayuda" className={styles.back}>
        {t.backToIndex}
      </Link>
      <h1>{topic.title}</h1>
      <p className={styles.intro}>{topic.summary}</p>
      {topic.sections.map((section) => {
        const image = section.figure ? images[section.figure.name] : undefined;
        return (
          <section key={section.heading} className={styles.section}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.block ? <StatusBlock block={section.block} texts={statusTexts} /> : null}
            {section.steps ? (
              <ol className={styles.steps}>
                {section.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : null}
            {section.figure && image ? (
              <figure className={styles.figure} data-testid={`help-figure-${section.figure.name}`}>
                {/* A plain image: the screenshot is served as the suite wrote it, at its own size. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt={format(t.screenshot, { caption: section.figure.caption })}
                  loading="lazy"
                />
                <figcaption aria-hidden="true">{section.figure.caption}</figcaption>
              </figure>
            ) : null}
            {section.links ? (
              <ul className={styles.links}>
                {section.links.map((link) => (
                  <li key={link.to}>
                    <Link href={HELP_LINKS[link.to]}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
      <Link href="/ayuda">{t.backToIndex}</Link>
    </article>
  );
}

/** The statuses, or an Error's reasons, with what each means: read from the void status texts. */
function StatusBlock({ block, texts }: { block: HelpBlock; texts: Dictionary["voidStatus"] }) {
  const entries =
    block === "voidStatuses"
      ? STATUSES.map((status) => ({
          key: status,
          term: texts.labels[status],
          meaning: texts.meanings[status],
        }))
      : (Object.keys(texts.reasons) as Array<keyof typeof texts.reasons>).map((code) => ({
          key: code,
          term: format(texts.withReason, { status: texts.labels.Error, reason: texts.reasons[code] }),
          meaning: texts.reasonMeanings[code],
        }));
  return (
    <dl className={styles.terms} data-testid={`help-${block}`}>
      {entries.map((entry) => (
        <div key={entry.key}>
          <dt>{entry.term}</dt>
          <dd>{entry.meaning}</dd>
        </div>
      ))}
    </dl>
  );
}
