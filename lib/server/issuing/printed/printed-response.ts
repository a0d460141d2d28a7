import "server-only";

import { isPrintLayout, PRINT_LAYOUTS, type PrintLayout } from "@/lib/domain/printed-ecf";
import { AppError } from "@/lib/errors";

import type { IssuedPdf } from "./render-issued-pdf";

/** `?layout=letter` (the default) or `?layout=receipt`; anything else is INVALID_PARAMETER. */
export function printLayoutParameter(query: URLSearchParams): PrintLayout {
  const value = query.get("layout");
  if (value === null || value === "") return "letter";
  if (isPrintLayout(value)) return value;
  throw new AppError("INVALID_PARAMETER", `layout debe ser ${PRINT_LAYOUTS.join(" o ")}.`, {
    extra: { parameter: "layout" },
  });
}

/** The RI as an inline PDF (a browser shows it; a download keeps DGII's file name). */
export function pdfResponse({ pdf, fileName }: IssuedPdf): Response {
  return new Response(Buffer.from(pdf), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${fileName}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
