import { NextResponse, type NextRequest } from "next/server";

import { foreignActionRefusal } from "@/lib/server/platform/http/foreign-action";
import { createNonce, pageSecurityHeaders } from "@/lib/server/platform/http/security-headers";
import {
  firstSegmentOf,
  isUnknownPageLoad,
  PAGE_FIRST_SEGMENTS,
  UNKNOWN_PAGE_PATH,
} from "@/lib/server/platform/http/unknown-page";

/**
 * Next.js 16 proxy: the pages' security headers with a fresh CSP nonce. The nonce travels on the
 * request's CSP header, where Next.js reads it for its own scripts. It never redirects (sign-in is
 * each page's job); a browser's load of an unknown address is rewritten to the portal's 404 page. It
 * runs on page paths and browsers' page loads only: the REST API, next-auth and the static
 * files set or need no page headers, and a proxy would buffer request bodies (10 MB cap) that the
 * REST API reads itself up to 16 MiB. Server action posts are skipped for the same reason (their
 * answers are not documents), and so are link prefetches.
 */
export function proxy(request: NextRequest): NextResponse | Response {
  // A server action post (the matcher's last entry): only its origin is checked here.
  if (request.headers.has("next-action")) return foreignActionRefusal(request) ?? NextResponse.next();
  // A browser's page load anywhere (the matcher's document entry): a mistyped address becomes the
  // portal's 404 page; the API's answers keep their own headers.
  const unknownPage = isUnknownPageLoad(request);
  if (!unknownPage && !PAGE_FIRST_SEGMENTS.has(firstSegmentOf(request) ?? "")) return NextResponse.next();
  const nonce = createNonce();
  const headers = pageSecurityHeaders(request, nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]!);
  const response = unknownPage
    ? NextResponse.rewrite(new URL(UNKNOWN_PAGE_PATH, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
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
    // A browser's page load of any other path (Sec-Fetch-Dest: document; the API's clients never
    // send it): an unknown first segment is the portal's 404 page, not the API's JSON.
    {
      source: "/:first/:path*",
      has: [{ type: "header", key: "sec-fetch-dest", value: "document" }],
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
