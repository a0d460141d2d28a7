import "server-only";

import { isHttps } from "./client-address";

/**
 * The browser security headers, in one place. Pages (proxy.ts) get a nonce-based CSP; the API
 * (route(), next-auth) gets a deny-everything one, since JSON and downloads never run anything.
 * Every answer forbids framing (clickjacking: the settings buttons are one-click targets) and MIME
 * sniffing; HSTS only when the request really came over https (client-address.ts), because a
 * browser pinned to https on a plain-http deployment would lock the users out.
 */

/** One year; no `preload` (that is a decision about the whole domain, not this app's). */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/** 128 random bits, base64: unguessable, and fresh for every page answer. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The portal's and /docs's policy. Every page is rendered per request (the root layout reads the
 * language cookie), so Next.js puts the nonce it finds in the request's CSP header on its own
 * scripts; 'strict-dynamic' lets those load the code-split chunks without listing them. Styles
 * stay 'unsafe-inline': React `style` attributes cannot carry a nonce, and injected CSS cannot run
 * code. Development
 * (`next dev`) also needs 'unsafe-eval' for React's debugging and fast refresh.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  development = process.env.NODE_ENV === "development",
) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** JSON, XML and CSV answers: nothing may load, run or frame them. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

interface SecurityHeaderOptions {
  contentSecurityPolicy: string;
  https: boolean;
  referrerPolicy: "strict-origin-when-cross-origin" | "no-referrer";
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "content-security-policy": options.contentSecurityPolicy,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": options.referrerPolicy,
    ...(options.https ? { "strict-transport-security": HSTS_VALUE } : {}),
  };
}

/**
 * A page's headers. Same-origin navigation keeps the full referrer (Next.js's own requests need
 * nothing more); other sites get the origin only, never paths with voidIds or filters.
 */
export function pageSecurityHeaders(request: Request, nonce: string): Record<string, string> {
  return securityHeaders({
    contentSecurityPolicy: pageContentSecurityPolicy(nonce),
    https: isHttps(request),
    referrerPolicy: "strict-origin-when-cross-origin",
  });
}

/** Sets the API's headers on a REST or next-auth answer. */
export function applyApiSecurityHeaders(response: Response, request: Request): Response {
  const headers = securityHeaders({
    contentSecurityPolicy: API_CONTENT_SECURITY_POLICY,
    https: isHttps(request),
    referrerPolicy: "no-referrer",
  });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
