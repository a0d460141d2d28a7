import type { Metadata } from "next";
import type { ReactNode } from "react";

import { ZodJitless } from "@/components/shell/zod-jitless";
import { getPortalPreferences } from "@/lib/portal/preferences";

import "./tokens.css";
import "./globals.css";

export const metadata: Metadata = {
  title: "Anula",
  description: "Anulación de rangos de e-NCF y consulta de estado de e-CF ante la DGII",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale } = await getPortalPreferences();
  return (
    <html lang={locale === "en" ? "en" : "es-DO"}>
      <body>
        <ZodJitless />
        {children}
      </body>
    </html>
  );
}
