import "server-only";

import { createHash } from "node:crypto";
import type { AuthOptions } from "next-auth";
import { getServerSession } from "next-auth/next";
import Credentials from "next-auth/providers/credentials";
import { headers } from "next/headers";

import { LOGIN_RATE_LIMITED } from "@/lib/errors/login-errors";
import { AppError, isAppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/config/load-config";
import { clientAddressOf, isHttps, UNKNOWN_ADDRESS } from "@/lib/server/http/client-address";

import type { AuthContext } from "./auth-context";
import { authenticateUser, loadActiveUser } from "./credentials";
import { roleRequiredBy, type ProtectedEntryPoint } from "./entry-points";
import { requireRole } from "./id-token";

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** The portal session's claims (inside next-auth's encrypted JWT cookie). */
interface PortalClaims {
  userId?: string;
  accountId?: string;
}

/**
 * next-auth v4 options for one request: Credentials provider (same check and throttle as POST
 * /auth/token, by the request's client address), JWT session of 8 h. Cookies are httpOnly and
 * SameSite=Lax, and `Secure` (with next-auth's `__Secure-`/`__Host-` names) whenever the portal is
 * served over https: NEXTAUTH_URL is https, or this request came over https (client-address.ts:
 * X-Forwarded-Proto counts only with TRUST_PROXY). next-auth alone looks at NEXTAUTH_URL only. The
 * session secret is derived from AUTH_SECRET, so it differs from the idToken key.
 */
export function getAuthOptions(request?: Request | Headers): AuthOptions {
  const config = loadConfig();
  const secret = createHash("sha256").update(`next-auth:${config.authSecret}`).digest("base64url");
  const https =
    config.nextAuthUrl?.toLowerCase().startsWith("https://") || (request ? isHttps(request) : false);
  const clientAddress = request ? clientAddressOf(request) : UNKNOWN_ADDRESS;
  return {
    secret,
    useSecureCookies: https,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login" },
    providers: [
      Credentials({
        name: "Anula",
        credentials: {
          username: { label: "Correo", type: "email" },
          password: { label: "Contraseña", type: "password" },
        },
        async authorize(credentials) {
          const username = credentials?.username ?? "";
          const auth = await authenticateUser(username, credentials?.password ?? "", clientAddress).catch(
            (error: unknown) => {
              // next-auth hands a thrown message to signIn() as `error`: the form shows its own text.
              if (isAppError(error) && error.code === "RATE_LIMITED") throw new Error(LOGIN_RATE_LIMITED);
              throw error;
            },
          );
          return auth ? { id: auth.userId, email: auth.email, name: auth.email } : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        const claims = token as typeof token & PortalClaims;
        if (user) {
          const auth = await loadActiveUserById(user.id);
          claims.userId = auth?.userId;
          claims.accountId = auth?.accountId;
        }
        return claims;
      },
      async session({ session, token }) {
        const claims = token as PortalClaims;
        return { ...session, userId: claims.userId, accountId: claims.accountId };
      },
    },
  };
}

async function loadActiveUserById(userId: string): Promise<AuthContext | null> {
  const { getDb } = await import("@/lib/server/db");
  const user = await (await getDb()).user.findUnique({ where: { id: userId }, select: { accountId: true } });
  return user ? loadActiveUser(userId, user.accountId) : null;
}

/**
 * The signed-in portal user, re-read from the database (a disabled user's session stops at once),
 * or null. For server components and server actions.
 */
export async function getPortalAuth(): Promise<AuthContext | null> {
  // The request's headers decide the cookie names (`__Secure-` over https), as in the sign-in.
  const options = getAuthOptions(await headers());
  const session = (await getServerSession(options)) as (PortalClaims & object) | null;
  if (!session?.userId || !session.accountId) return null;
  return loadActiveUser(session.userId, session.accountId);
}

/** Like getPortalAuth, but 401 when signed out and 403 below the role `entry` needs (entry-points.ts). */
export async function requirePortalAuth(entry: ProtectedEntryPoint): Promise<AuthContext> {
  const auth = await getPortalAuth();
  if (!auth) throw new AppError("UNAUTHORIZED", "Inicie sesión para continuar.");
  requireRole(auth, roleRequiredBy(entry));
  return auth;
}
