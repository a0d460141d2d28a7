import "server-only";

import { createHash } from "node:crypto";
import type { AuthOptions } from "next-auth";
import { getServerSession } from "next-auth/next";
import Credentials from "next-auth/providers/credentials";
import { cookies, headers } from "next/headers";

import {
  LOGIN_OTP_REQUIRED,
  LOGIN_OTP_REUSED,
  LOGIN_OTP_WRONG,
  LOGIN_RATE_LIMITED,
} from "@/lib/errors/login-errors";
import { isAppError } from "@/lib/errors";
import { recordPortalSignIn } from "@/lib/server/auth/sign-in-activity";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { clientAddressOf, isHttps, UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";

import type { AuthContext } from "../platform/http/auth-context";
import { portalCompanyOf, verifyUserSignIn } from "./credentials";

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** The portal session's claims (inside next-auth's encrypted JWT cookie). */
interface PortalClaims {
  userId?: string;
  /** When the session began, in ms: sessions begun before the user's sessionsValidAfter are over. */
  signedInAt?: number;
}

/**
 * The company the portal acts for: the company switcher's cookie (a company id, checked against
 * the user's memberships on every request, so a forged or stale value only falls back).
 */
export const COMPANY_COOKIE = "anula_company";

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
          otp: { label: "Código", type: "text" },
        },
        async authorize(credentials) {
          const username = credentials?.username ?? "";
          const user = await verifyUserSignIn(
            username,
            credentials?.password ?? "",
            clientAddress,
            credentials?.otp || undefined,
          ).catch((error: unknown) => {
            // next-auth hands a thrown message to signIn() as `error`: the form shows its own text.
            if (isAppError(error) && error.code === "RATE_LIMITED") throw new Error(LOGIN_RATE_LIMITED);
            if (isAppError(error) && error.code === "OTP_REQUIRED") throw new Error(LOGIN_OTP_REQUIRED);
            throw error;
          });
          // A refused second-factor code has its own words on the form (wrong, or already used).
          if ("refused" in user) {
            if (user.refused === "otp_wrong") throw new Error(LOGIN_OTP_WRONG);
            if (user.refused === "otp_reused") throw new Error(LOGIN_OTP_REUSED);
            return null;
          }
          await recordPortalSignIn(user.userId, clientAddress, { recoveryCode: user.recoveryCodeUsed });
          return { id: user.userId, email: user.email, name: user.email };
        },
      }),
    ],
    callbacks: {
      // Same-origin paths on the portal's origin: NEXTAUTH_URL, else the host and port this request
      // came to (next-auth's own default is http://localhost:3000 when NEXTAUTH_URL is unset, so
      // "Cerrar sesión" used to land on a browser error page). The client needs an absolute URL.
      async redirect({ url, baseUrl }) {
        const origin = config.nextAuthUrl ?? (request ? requestOrigin(request, config.trustProxy) : baseUrl);
        return `${origin ?? baseUrl}${sameOriginPath(url, baseUrl)}`;
      },
      async jwt({ token, user }) {
        const claims = token as typeof token & PortalClaims;
        if (user) {
          claims.userId = user.id;
          claims.signedInAt = Date.now();
        }
        return claims;
      },
      async session({ session, token }) {
        const claims = token as PortalClaims;
        return { ...session, userId: claims.userId, signedInAt: claims.signedInAt };
      },
    },
  };
}

/**
 * A redirect target as a same-origin path: "/login" stays, "<baseUrl>/voids?x" becomes "/voids?x",
 * anything else (another host, "//evil", a scheme) becomes "/" — never an open redirect.
 */
export function sameOriginPath(url: string, baseUrl: string): string {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  try {
    const target = new URL(url);
    if (target.origin === new URL(baseUrl).origin) return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    // not a URL: falls through
  }
  return "/";
}

/**
 * The origin the browser used for this request: its Host (X-Forwarded-Host only behind a trusted
 * proxy, TRUST_PROXY) and https when the request came over it. Undefined when the host is malformed.
 */
export function requestOrigin(request: Request | Headers, trustProxy: number): string | undefined {
  const headers = request instanceof Headers ? request : request.headers;
  const forwarded = trustProxy > 0 ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || headers.get("host")?.trim();
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return undefined;
  return `${isHttps(request, trustProxy) ? "https" : "http"}://${host}`;
}

/** The signed-in person behind the portal's session cookie (not yet checked against the database). */
async function readPortalSession(): Promise<{ userId: string; signedInAt: number } | null> {
  // The request's headers decide the cookie names (`__Secure-` over https), as in the sign-in.
  const options = getAuthOptions(await headers());
  const session = (await getServerSession(options)) as (PortalClaims & object) | null;
  if (!session?.userId || typeof session.signedInAt !== "number") return null;
  return { userId: session.userId, signedInAt: session.signedInAt };
}

/**
 * The signed-in portal user acting for the company of the switcher (COMPANY_COOKIE); without it (a
 * fresh browser) or when it names none of theirs, the company they last switched to (User
 * lastAccountId, kept server-side by setCompanyAction), else their first; re-read from the database on every request
 * (disable, password change, "sign out everywhere" or a removed role end it at once). Null when
 * signed out, or when the user has no company at all (see getPortalUser).
 */
export async function getPortalAuth(): Promise<AuthContext | null> {
  const session = await readPortalSession();
  if (!session) return null;
  const wanted = (await cookies()).get(COMPANY_COOKIE)?.value;
  return portalCompanyOf(session.userId, wanted, { issuedAtMs: session.signedInAt });
}

/**
 * The signed-in person whatever their companies (a user whose roles were all removed, an
 * organization administrator without a company role): for the pages that are theirs, not a
 * company's (their account, the organization). Null when signed out or the session is over.
 */
export async function getPortalUser(): Promise<{ userId: string; email: string; signedInAt: number } | null> {
  const session = await readPortalSession();
  if (!session) return null;
  const { getDb } = await import("@/lib/server/platform/db");
  const user = await (
    await getDb()
  ).user.findUnique({
    where: { id: session.userId },
    select: { email: true, disabled: true, sessionsValidAfter: true },
  });
  if (!user || user.disabled || session.signedInAt < Number(user.sessionsValidAfter)) return null;
  return { userId: session.userId, email: user.email, signedInAt: session.signedInAt };
}
