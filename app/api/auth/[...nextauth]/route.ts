import NextAuth from "next-auth/next";
import type { NextRequest } from "next/server";

import { getAuthOptions } from "@/lib/server/auth";

interface NextAuthRouteContext {
  params: Promise<{ nextauth: string[] }>;
}

// Options are built per request: they read the configuration (AUTH_SECRET) lazily, not at build time.
function handler(request: NextRequest, context: NextAuthRouteContext): Promise<Response> {
  return NextAuth(request, context, getAuthOptions());
}

export { handler as GET, handler as POST };
