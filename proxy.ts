import { NextResponse, type NextRequest } from "next/server";

import { foreignActionRefusal } from "@/lib/server/platform/http/foreign-action";
import { createNonce, pageSecurityHeaders } from "@/lib/server/platform/http/security-headers";

/**
 * Next.js 16 proxy: the pages' security headers with a fresh CSP nonce. The nonce travels on the
 * request's CSP header, where Next.js reads it for its own scripts. It never redirects (sign-in is
 * the portal layout's job) and runs on page paths only: the REST API, next-auth and the static
 * files set or need no page headers, and a proxy would buffer request bodies (10 MB cap) that the
 * REST API reads itself up to 16 MiB. Server action posts are skipped for the same reason (their
 * answers are not documents), and so are link prefetches.
 */
export function proxy(request: NextRequest): NextResponse | Response {
  // A server action post (the matcher's last entry): only its origin is checked here.
  if (request.headers.has("next-action")) return foreignActionRefusal(request) ?? NextResponse.next();
  const nonce = createNonce();
  const headers = pageSecurityHeaders(request, nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Every portal section is a static first segment (DESIGN.md), so the list is exact; a test checks
// that each folder under app/(portal) is listed. Literal values: Next.js reads this at build time.
export const config = {
  matcher: [
    {
      source: "/",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/login/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/setup",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/docs",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/inicio/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/tools/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/voids/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/documents/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/sequences/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/notifications/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/audit/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/account/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/organization/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/settings/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    {
      source: "/ayuda/:path*",
      missing: [
        { type: "header", key: "next-action" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    // Server action posts on any portal page (the same sections as above): only their origin is checked.
    { source: "/", has: [{ type: "header", key: "next-action" }] },
    {
      source:
        "/:section(login|setup|docs|inicio|tools|voids|documents|sequences|notifications|audit|account|organization|settings|ayuda)/:path*",
      has: [{ type: "header", key: "next-action" }],
    },
  ],
};
