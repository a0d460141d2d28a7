import NextAuth from "next-auth/next";
import type { NextRequest } from "next/server";

import { getAuthOptions } from "@/lib/server/auth/next-auth-options";
import { applyApiSecurityHeaders } from "@/lib/server/platform/http/security-headers";

interface NextAuthRouteContext {
  params: Promise<{ nextauth: string[] }>;
}

// Options are built per request: they read the configuration (AUTH_SECRET) lazily, not at build
// time, and the request decides the client address (sign-in throttle) and `Secure` cookies.
async function handler(request: NextRequest, context: NextAuthRouteContext): Promise<Response> {
  return applyApiSecurityHeaders(await NextAuth(request, context, getAuthOptions(request)), request);
}

export { handler as GET, handler as POST };
