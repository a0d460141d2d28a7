import Link from "next/link";

import type { Dictionary } from "@/lib/i18n";

import styles from "./public-frame.module.css";

/**
 * The portal's 404 page, in the portal's language: what happened and where to go — Inicio and the
 * help for a person in the portal, the sign-in page for anyone else.
 */
export function NotFoundView({
  t,
  signedIn,
  helpLabel,
  signInLabel,
}: {
  t: Dictionary["notFound"];
  signedIn: boolean;
  helpLabel: string;
  signInLabel: string;
}) {
  return (
    <div data-testid="not-found">
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <ul className={styles.links}>
        {signedIn ? (
          <>
            <li>
              <Link href="/inicio">{t.home}</Link>
            </li>
            <li>
              <Link href="/ayuda">{helpLabel}</Link>
            </li>
          </>
        ) : (
          <li>
            <Link href="/login">{signInLabel}</Link>
          </li>
        )}
      </ul>
    </div>
  );
}
