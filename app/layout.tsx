import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: "Anula",
  description: "Anulación de rangos de e-NCF y consulta de estado de e-CF ante la DGII",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="es-DO">
      <body>{children}</body>
    </html>
  );
}
