"use client";

// First: Scalar's zod must not probe for eval under the page's CSP (see the module).
import "@/components/shell/zod-jitless";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * Scalar's reference, fully bundled (no CDN): the document is passed inline; the default web fonts
 * (fonts.scalar.com), telemetry, the AI agent and the developer toolbar (which query scalar.com)
 * are off, so the page makes no request outside this server. "Try it" calls this server directly.
 */
export function ApiReference({ document }: { document: Record<string, unknown> }) {
  return (
    // Names Scalar's markup (vendor code with known axe findings) so e2e/portal-axe.spec.ts can leave it out.
    <div data-testid="api-reference">
      <ApiReferenceReact
        configuration={{
          content: document,
          withDefaultFonts: false,
          telemetry: false,
          agent: { disabled: true },
          showDeveloperTools: "never",
          hideClientButton: false,
          hideDarkModeToggle: false,
          documentDownloadType: "json",
          layout: "modern",
          defaultOpenAllTags: true,
          metaData: { title: "Anula API" },
        }}
      />
    </div>
  );
}
