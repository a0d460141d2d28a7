import type { ReactNode } from "react";

import { LanguageSwitch } from "@/components/shell/language-switch";
import { Card } from "@/components/ui/card";
import type { Locale } from "@/lib/domain/locale";
import type { Dictionary } from "@/lib/i18n";

import styles from "./login.module.css";

/** The signed-out pages' frame (sign-in, forgotten password, the reset link): name, card, language. */
export function LoginFrame({
  t,
  locale,
  title,
  children,
}: {
  t: Dictionary;
  locale: Locale;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <p className={styles.brand}>{t.common.appName}</p>
      <Card className={styles.card}>
        <div className="page-header">
          <h1>{title}</h1>
          <LanguageSwitch locale={locale} label={t.common.language} />
        </div>
        {children}
      </Card>
    </main>
  );
}
