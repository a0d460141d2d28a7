"use client";

import { z } from "zod";

// In the browser zod must not probe for eval: its `new Function("")` test is caught, but the CSP
// (script-src without 'unsafe-eval', lib/server/platform/http/security-headers.ts) still reports it as a
// violation. Interpreted parsing is fast enough for forms; the server keeps zod's compiled parsers.
// Runs when this module loads, before any parse.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Rendered once by the root layout so that every page's browser bundle loads the setting above. */
export function ZodJitless(): null {
  return null;
}
