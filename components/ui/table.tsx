import type { ReactNode, TableHTMLAttributes } from "react";

import styles from "./table.module.css";

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  caption?: ReactNode;
  /** A small table inside a panel or a dialog: no scrolling frame, tighter cells. */
  compact?: boolean;
  /**
   * On a phone (≤ 600 px) each row becomes a card: the column headers are hidden and each cell shows
   * its own `data-label` before the value; cells with data-card="first" (status, totals) come first,
   * data-card="wide" ones take a whole line, data-card="secondary" ones (shown again on the row's own
   * page) are left out. Nothing scrolls sideways.
   */
  cards?: boolean;
  children: ReactNode;
}

/**
 * A table that scrolls sideways inside its own box on a phone (the page never does). The wrapper is
 * focusable so keyboard users can scroll it too. Numeric cells take className="num".
 */
export function Table({ caption, compact, cards, children, className, ...rest }: TableProps) {
  const classes = [styles.table, compact ? styles.compact : "", cards ? styles.cards : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  const table = (
    <table className={classes} {...rest}>
      {caption ? <caption>{caption}</caption> : null}
      {children}
    </table>
  );
  if (compact) return table;
  return (
    <div
      className={styles.wrapper}
      tabIndex={0}
      role="region"
      aria-label={typeof caption === "string" ? caption : undefined}
    >
      {table}
    </div>
  );
}
