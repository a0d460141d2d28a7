import Link from "next/link";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from "react";

import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";
export type ButtonSize = "normal" | "small" | "icon";

/** The class list of a button look, for the rare element that cannot be <Button> (a <summary>). */
export function buttonClass(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "normal",
  extra?: string,
): string {
  return [
    styles.button,
    variant === "primary" ? "" : styles[variant],
    size === "normal" ? "" : styles[size],
    extra ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** React 19 passes a function component's ref as a prop: it reaches the <button>. */
  ref?: Ref<HTMLButtonElement>;
}

/** The portal's one button: type="button" unless said otherwise, so it never submits by accident. */
export function Button({
  variant = "primary",
  size = "normal",
  className,
  type = "button",
  ...rest
}: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
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
  const className_ = buttonClass(variant, small ? "small" : "normal", className);
  return plain ? (
    <a href={href} className={className_} {...rest} />
  ) : (
    <Link href={href} className={className_} {...rest} />
  );
}
