import "server-only";

import { createHash } from "node:crypto";
import type { AuthOptions } from "next-auth";
import { getServerSession } from "next-auth/next";
import Credentials from "next-auth/providers/credentials";

import { LOGIN_RATE_LIMITED } from "@/lib/portal/login-errors";
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
 * next-auth v4 options: Credentials provider (same check as POST /auth/token), JWT session of 8 h.
 * Cookies are httpOnly and SameSite=Lax, and `Secure` whenever NEXTAUTH_URL is https. The session
 * secret is derived from AUTH_SECRET, so it differs from the idToken key.
 */
export function getAuthOptions(): AuthOptions {
  const secret = createHash("sha256").update(`next-auth:${loadConfig().authSecret}`).digest("base64url");
  return {
    secret,
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
          const auth = await authenticateUser(credentials?.username ?? "", credentials?.password ?? "").catch(
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
  const session = (await getServerSession(getAuthOptions())) as (PortalClaims & object) | null;
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
