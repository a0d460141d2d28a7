"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

import { Button } from "@/components/ui/button";
import type { Locale } from "@/lib/domain/locale";
import { setLocaleAction } from "@/lib/portal/actions/preference-actions";

import styles from "./language-switch.module.css";

const LANGUAGES: ReadonlyArray<{ locale: Locale; short: string; name: string }> = [
  { locale: "es", short: "ES", name: "Español" },
  { locale: "en", short: "EN", name: "English" },
];

/** ES | EN toggle; each button names its language in that language (for screen readers too). */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div role="group" aria-label={label} className={styles.group}>
      {LANGUAGES.map((language) => (
        <Button
          key={language.locale}
          lang={language.locale}
          variant={language.locale === locale ? "primary" : "secondary"}
          size="small"
          aria-pressed={language.locale === locale}
          disabled={pending}
          data-testid={`language-${language.locale}`}
          onClick={() =>
            startTransition(async () => {
              await setLocaleAction(language.locale);
              router.refresh();
            })
          }
        >
          {/* The visible code begins the accessible name ("ES Español"): axe label-content-name-mismatch. */}
          {language.short}
          <span className="visually-hidden">{language.name}</span>
        </Button>
      ))}
    </div>
  );
}
