import type { HTMLAttributes, ReactNode } from "react";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  /** Heading level of the title (the page's h1 is above). */
  level?: 2 | 3;
  children: ReactNode;
}

/** A titled section; the title labels the region for screen readers. */
export function Card({ title, level = 2, children, className, ...rest }: CardProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={["card", className ?? ""].join(" ").trim()} {...rest}>
      {title ? <Heading>{title}</Heading> : null}
      {children}
    </section>
  );
}
