import { isEnvironment } from "@/lib/domain/environments";

/** The first path segments of the pages ("" is the home): the proxy gives them the pages' headers. */
export const PAGE_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  "",
  "login",
  "setup",
  "docs",
  // app/(account)
  "account",
  // app/(portal)
  "audit",
  "ayuda",
  "documents",
  "inicio",
  "notifications",
  "organization",
  "sequences",
  "settings",
  "tools",
  "voids",
]);

/**
 * Every first path segment served by something other than the API's catch-all (app/[environment]):
 * the pages, the app folder's other static segments, Next's own files. A test keeps the list equal
 * to the app folder.
 */
export const SERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  ...PAGE_FIRST_SEGMENTS,
  "api",
  "auth",
  "healthz",
  "icon.svg",
  "metrics",
  "openapi.json",
  "readyz",
  "_next",
  "favicon.ico",
]);

/** The first segment of a request's path, decoded (null when it cannot be decoded). */
export function firstSegmentOf(request: Request): string | null {
  const first = new URL(request.url).pathname.split("/")[1] ?? "";
  try {
    return decodeURIComponent(first);
  } catch {
    return null;
  }
}

/** Where an unknown page is rendered: a path below a portal section, which answers the portal's 404. */
export const UNKNOWN_PAGE_PATH = "/inicio/pagina-desconocida";

/**
 * A browser's page load (Sec-Fetch-Dest: document, sent by browsers and never by the API's clients)
 * of a path whose first segment neither an environment nor a page serves: a mistyped portal
 * address, which would otherwise reach the API's catch-all and show JSON to a person.
 */
export function isUnknownPageLoad(request: Request): boolean {
  if (request.headers.get("sec-fetch-dest") !== "document") return false;
  const segment = firstSegmentOf(request);
  return segment === null || (!isEnvironment(segment) && !SERVED_FIRST_SEGMENTS.has(segment));
}
