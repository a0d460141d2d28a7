import type { ReactNode, TableHTMLAttributes } from "react";

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  caption?: ReactNode;
  children: ReactNode;
}

/**
 * A table that scrolls sideways inside its own box on a phone (the page never does). The wrapper is
 * focusable so keyboard users can scroll it too.
 */
export function Table({ caption, children, className, ...rest }: TableProps) {
  return (
    <div
      className="table-wrapper"
      tabIndex={0}
      role="region"
      aria-label={typeof caption === "string" ? caption : undefined}
    >
      <table className={["table", className ?? ""].join(" ").trim()} {...rest}>
        {caption ? <caption>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
