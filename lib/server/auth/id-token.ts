import "server-only";

import { SignJWT, jwtVerify } from "jose";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/config/load-config";
import { pathEnvironmentOf } from "@/lib/server/http/path-environment";
import { annotateRequest } from "@/lib/server/http/request-context";

import type { AuthContext, UserRole } from "./auth-context";
import { authenticateUser, loadActiveUser } from "./credentials";
import { roleRequiredBy, type ProtectedEntryPoint } from "./entry-points";

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

/** POST /auth/token: a 1-hour HS256 JWT carrying the account's RNC, or 401 INVALID_CREDENTIALS. */
export async function issueIdToken(
  username: string,
  password: string,
  clientAddress?: string,
): Promise<IdTokenResponse> {
  const auth = await authenticateUser(username, password, clientAddress);
  if (!auth) throw new AppError("INVALID_CREDENTIALS", "Usuario o contraseña incorrectos.");
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
  const claims = { rnc: auth.rnc, accountId: auth.accountId, email: auth.email, role: auth.role };
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
 * Verifies signature, algorithm, issuer, audience and expiry, then re-reads the user: a disabled
 * or deleted user's tokens stop working at once. The role comes from the database, not the token;
 * the RNC comes from the token (we signed it, and an account's RNC never changes). A token bound to
 * an environment (its `environment` claim) is refused unless `pathEnvironment` is that one.
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
  const userId = payload.sub;
  const { accountId, rnc } = payload;
  if (typeof userId !== "string" || typeof accountId !== "string" || typeof rnc !== "string")
    throw unauthorized("Token inválido.");
  requireTokenEnvironment(payload.environment, pathEnvironment);
  const auth = await loadActiveUser(userId, accountId, rnc);
  if (!auth) throw unauthorized("El usuario del token no existe o está deshabilitado.");
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
 * forged, disabled, or bound to another environment than the path's); then 403 FORBIDDEN below the
 * role that `entry` needs (entry-points.ts). The environment is read from the first segment of the
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
  requireRole(auth, roleRequiredBy(entry));
  return auth;
}

const ROLE_RANK: Record<UserRole, number> = { viewer: 0, operator: 1, admin: 2 };

/** 403 FORBIDDEN unless the caller's role is at least `minimum` (viewer < operator < admin). */
export function requireRole(auth: AuthContext, minimum: UserRole): void {
  if (ROLE_RANK[auth.role] < ROLE_RANK[minimum]) {
    throw new AppError("FORBIDDEN", "Su rol no permite esta operación.");
  }
}
