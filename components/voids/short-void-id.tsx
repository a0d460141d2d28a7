import Link from "next/link";

import { CopyButton } from "@/components/settings/copy-button";

import styles from "./short-void-id.module.css";

/** A UUID's first and last blocks ("0190f2c1…8a3e"): the whole id is in the link's title and the copy. */
export function shortId(id: string): string {
  return id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
}

/**
 * The link's accessible name: the visible short form first (speech control users say what they see,
 * and WCAG 2.5.3 asks the name to contain it), then the whole id for screen readers.
 */
export function shortIdLabel(id: string): string {
  const short = shortId(id);
  return short === id ? id : `${short} (${id})`;
}

/**
 * A void's id as the clerk sees it everywhere (history, search hits, Por confirmar): shortened, linked
 * to the void, the whole id read out by screen readers and copied with one click. No hooks, so server
 * pages and client tables both render it.
 */
export function ShortVoidId({
  voidId,
  href,
  copy,
}: {
  voidId: string;
  href: string;
  copy: { label: string; copied: string };
}) {
  return (
    <span className={styles.shortId}>
      <Link href={href} className="mono" title={voidId} aria-label={shortIdLabel(voidId)}>
        {shortId(voidId)}
      </Link>
      <CopyButton text={voidId} label={copy.label} copiedLabel={copy.copied} />
    </span>
  );
}
