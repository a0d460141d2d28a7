import Link from "next/link";

import type { Dictionary } from "@/lib/i18n";
import { HELP_TOPICS } from "@/lib/i18n/help-topics";

import styles from "./help.module.css";

/** /ayuda: every help topic with one line saying what it answers. */
export function HelpIndex({ t }: { t: Dictionary["help"] }) {
  return (
    <div className={styles.article}>
      <h1>{t.title}</h1>
      <p className={styles.intro}>{t.intro}</p>
      <nav aria-label={t.topicsLabel}>
        <ul className={styles.topics} data-testid="help-topics">
          {HELP_TOPICS.map((slug) => (
            <li key={slug}>
              <Link href={`/ayuda/${slug}`}>{t.topics[slug].title}</Link>
              <p>{t.topics[slug].summary}</p>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
