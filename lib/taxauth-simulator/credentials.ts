import "server-only";

import { randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

import type { Environment } from "@/lib/domain/environments";

export const TOKEN_LIFETIME_SECONDS = 3600;
/** How long a seed can be signed and returned. DGII does not publish it; 5 minutes is our choice. */
export const SEED_LIFETIME_MS = 5 * 60_000;

export interface TokenClaims {
  /** The certificate's subject serialNumber, as DGII binds its token to the certificate holder. */
  subjectSerialNumber: string;
  /** The holder's id (RNC or cédula): the 9 or 11 digits of that serialNumber. */
  holderId: string | null;
  environment: Environment;
  fingerprint: string;
}

/** The DR's fixed offset (UTC−4, no DST), formatted like DGII's .NET DateTimeOffset: 7 fraction digits. */
export function dominicanTimestamp(now = new Date()): string {
  const shifted = new Date(now.getTime() - 4 * 3600_000).toISOString().slice(0, 23);
  const extraDigits = String(process.hrtime()[1] % 10_000).padStart(4, "0");
  return `${shifted}${extraDigits}-04:00`;
}

/** The 9 (RNC) or 11 (cédula) digits inside a certificate's serialNumber such as "IDCDO-40212345678". */
export function holderIdOf(subjectSerialNumber: string | null): string | null {
  const digits = (subjectSerialNumber ?? "").replace(/\D/g, "");
  return digits.length === 9 || digits.length === 11 ? digits : null;
}

/** One-time seeds and bearer tokens. The signing secret rotates on `revokeAll`, invalidating tokens. */
export class CredentialAuthority {
  private secret = randomBytes(32);
  private seeds = new Map<string, { environment: Environment; issuedAt: number }>();

  issueSeed(environment: Environment): string {
    this.forgetExpiredSeeds();
    const valor = randomBytes(120).toString("base64");
    this.seeds.set(valor, { environment, issuedAt: Date.now() });
    return valor;
  }

  /** Consumes the seed: true once for a seed this environment issued and that has not expired. */
  consumeSeed(environment: Environment, valor: string): boolean {
    const seed = this.seeds.get(valor);
    if (!seed || seed.environment !== environment || Date.now() - seed.issuedAt > SEED_LIFETIME_MS)
      return false;
    this.seeds.delete(valor);
    return true;
  }

  async issueToken(claims: TokenClaims): Promise<{ token: string; expira: string; expedido: string }> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      holderId: claims.holderId,
      environment: claims.environment,
      fingerprint: claims.fingerprint,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.subjectSerialNumber)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
      .sign(this.secret);
    return {
      token,
      expira: new Date((issuedAt + TOKEN_LIFETIME_SECONDS) * 1000).toISOString(),
      expedido: new Date(issuedAt * 1000).toISOString(),
    };
  }

  /** The claims of a valid, unexpired token for this environment, or null. */
  async verifyToken(
    environment: Environment,
    authorization: string | undefined,
  ): Promise<TokenClaims | null> {
    const token = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "")?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ["HS256"] });
      if (payload.environment !== environment || typeof payload.sub !== "string") return null;
      return {
        subjectSerialNumber: payload.sub,
        holderId: typeof payload.holderId === "string" ? payload.holderId : null,
        environment,
        fingerprint: String(payload.fingerprint ?? ""),
      };
    } catch {
      return null;
    }
  }

  revokeAll(): void {
    this.secret = randomBytes(32);
  }

  private forgetExpiredSeeds(): void {
    const now = Date.now();
    for (const [valor, seed] of this.seeds) {
      if (now - seed.issuedAt > SEED_LIFETIME_MS) this.seeds.delete(valor);
    }
  }
}
