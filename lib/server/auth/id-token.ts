import "server-only";

import { SignJWT, jwtVerify } from "jose";

import type { Environment } from "@/lib/domain/environments";
import { recordSignIn } from "@/lib/server/auth/sign-in-activity";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { pathEnvironmentOf } from "@/lib/server/platform/http/path-environment";
import { annotateRequest } from "@/lib/server/platform/http/request-context";

import { can, type Action } from "@/lib/domain/roles";

import type { AuthContext } from "../platform/http/auth-context";
import { actionRequiredBy, type ProtectedEntryPoint } from "./entry-points";
import { loadPrincipal, signIn, type SignInInput } from "./sign-in";

export const ID_TOKEN_TTL_SECONDS = 3600;
const ISSUER = "anula";
const AUDIENCE = "anula-api";

let hmacKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/**
 * The HS256 key, imported once per secret: given raw bytes, jose imports them on every call,
 * a WebCrypto round trip on each API request.
 */
function signingKey(): Promise<CryptoKey> {
  const secret = loadConfig().authSecret;
  if (hmacKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    hmacKey = { secret, key };
  }
  return hmacKey.key;
}

export interface IdTokenResponse {
  idToken: string;
  expiresIn: number;
  tokenType: "Bearer";
}

/**
 * POST /auth/token: a 1-hour HS256 JWT for one company (its RNC inside), or the sign-in's errors
 * (sign-in.ts).
 */
export async function issueIdToken(input: SignInInput): Promise<IdTokenResponse> {
  const auth = await signIn(input);
  await recordSignIn(auth, { channel: "api", clientAddress: input.clientAddress });
  return { idToken: await signIdToken(auth), expiresIn: ID_TOKEN_TTL_SECONDS, tokenType: "Bearer" };
}

/**
 * The idToken of `auth`. With `environment` (the MSeller-style sign-in, customer-sign-in.ts) the
 * token carries an `environment` claim and works only on that environment's paths; without it (POST
 * /auth/token) it works on all three.
 */
export async function signIdToken(
  auth: AuthContext,
  ttlSeconds = ID_TOKEN_TTL_SECONDS,
  environment?: Environment,
): Promise<string> {
  // `sat`: when it was issued, in ms (iat is in whole seconds), so "sign out everywhere" at any
  // instant ends every token issued before it and none issued after it.
  const claims = { rnc: auth.rnc, accountId: auth.accountId, kind: auth.principal, sat: Date.now() };
  return new SignJWT(environment ? { ...claims, environment } : claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(auth.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await signingKey());
}

function unauthorized(message: string): AppError {
  return new AppError("UNAUTHORIZED", message);
}

/**
 * Verifies signature, algorithm, issuer, audience and expiry, then re-reads its user or service
 * account and the membership of its company: a disabled or deleted principal, a removed role, a
 * password change or "sign out everywhere" end the token at once. Roles and scopes come from the
 * database, not the token; the company and its RNC come from the token (we signed them). A token
 * bound to an environment (its `environment` claim) is refused unless `pathEnvironment` is that one.
 */
export async function verifyIdToken(token: string, pathEnvironment?: Environment): Promise<AuthContext> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await signingKey(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
    }));
  } catch (error) {
    const expired = (error as { code?: string }).code === "ERR_JWT_EXPIRED";
    throw unauthorized(expired ? "El token ha expirado." : "Token inválido.");
  }
  const principalId = payload.sub;
  const { accountId, rnc, kind, sat } = payload;
  if (
    typeof principalId !== "string" ||
    typeof accountId !== "string" ||
    typeof rnc !== "string" ||
    (kind !== "user" && kind !== "service") ||
    typeof sat !== "number"
  )
    throw unauthorized("Token inválido.");
  requireTokenEnvironment(payload.environment, pathEnvironment);
  const auth = await loadPrincipal(kind, principalId, accountId, { tokenRnc: rnc, issuedAtMs: sat });
  if (!auth) {
    throw unauthorized(
      "El token ya no es válido: su usuario o cuenta de servicio fue deshabilitado, perdió el acceso a la empresa, cambió su contraseña o cerró todas sus sesiones. Inicie sesión de nuevo.",
    );
  }
  return auth;
}

/**
 * A token from POST /{environment}/customer/authentication names its environment: an eCF token never
 * works under /TesteCF/ and the other way round. Tokens of POST /auth/token name none and work on
 * every environment.
 */
function requireTokenEnvironment(claim: unknown, pathEnvironment: Environment | undefined): void {
  if (claim === undefined) return;
  if (typeof claim !== "string") throw unauthorized("Token inválido.");
  if (claim === pathEnvironment) return;
  throw unauthorized(
    pathEnvironment
      ? `Este idToken se emitió para el ambiente ${claim} y no sirve en ${pathEnvironment}: inicie sesión en /${pathEnvironment}/customer/authentication.`
      : `Este idToken se emitió para el ambiente ${claim} y solo sirve en las rutas /${claim}/.`,
  );
}

/**
 * Authorization: Bearer <idToken> → the caller, or 401 UNAUTHORIZED (absent, malformed, expired,
 * forged, disabled, or bound to another environment than the path's); then 403 FORBIDDEN when the
 * caller's roles (or a service account's scopes) do not allow the action `entry` takes
 * (entry-points.ts, lib/domain/roles.ts). The environment is read from the first segment of the
 * request's path (pathEnvironmentOf), where every REST route has it and where the route wrapper reads
 * it too, so no route has to pass it; the routes have already refused an unknown one
 * (requireEnvironment).
 */
export async function requireBearer(request: Request, entry: ProtectedEntryPoint): Promise<AuthContext> {
  const header = request.headers.get("authorization");
  if (!header) throw unauthorized("Falta el encabezado Authorization: Bearer <idToken>.");
  const match = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized("El encabezado Authorization debe ser: Bearer <idToken>.");
  const auth = await verifyIdToken(match[1], pathEnvironmentOf(request));
  annotateRequest({ rnc: auth.rnc }); // every authenticated request's log line names its account
  requirePermission(auth, actionRequiredBy(entry));
  return auth;
}

/** 403 FORBIDDEN unless the caller may take `action` (lib/domain/roles.ts). */
export function requirePermission(auth: AuthContext, action: Action): void {
  if (can(auth, action)) return;
  throw new AppError(
    "FORBIDDEN",
    auth.principal === "service"
      ? "Los permisos de esta cuenta de servicio no incluyen esta operación."
      : "Sus roles en esta empresa no permiten esta operación.",
  );
}
