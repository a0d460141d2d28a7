import Link from "next/link";
import type { AnchorHTMLAttributes, ReactNode } from "react";

type Variant = "primary" | "secondary" | "danger";

function classes(variant: Variant, small: boolean | undefined, extra: string | undefined): string {
  return ["btn", variant === "primary" ? "" : `btn-${variant}`, small ? "btn-small" : "", extra ?? ""]
    .filter(Boolean)
    .join(" ");
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: Variant;
  small?: boolean;
  children: ReactNode;
  /** Plain <a> (downloads, route handlers) instead of client-side navigation. */
  plain?: boolean;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({
  href,
  variant = "secondary",
  small,
  className,
  plain,
  ...rest
}: ButtonLinkProps) {
  const className_ = classes(variant, small, className);
  return plain ? (
    <a href={href} className={className_} {...rest} />
  ) : (
    <Link href={href} className={className_} {...rest} />
  );
}
