import type { HTMLAttributes, ReactNode } from "react";

import styles from "./card.module.css";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  /** Heading level of the title (the page's h1 is above). */
  level?: 2 | 3;
  /** "article" for one item of a list (a document found), "form" is not a card's job. */
  as?: "section" | "article" | "div";
  children: ReactNode;
}

/** A titled section; the title labels the region for screen readers. */
export function Card({ title, level = 2, as: Element = "section", children, className, ...rest }: CardProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Element className={[styles.card, className ?? ""].join(" ").trim()} {...rest}>
      {title ? (
        <Heading className={`${styles.title} ${level === 3 ? styles.level3 : ""}`}>{title}</Heading>
      ) : null}
      {children}
    </Element>
  );
}

/** The class of a card's frame, for a <form> that is laid out as a card. */
export const cardClass = styles.card;
