import "server-only";

import type { Environment } from "@/lib/domain/environments";

interface CachedToken {
  token: string;
  /** When to stop using it: DGII's `expira` minus the safety margin. */
  renewAt: number;
}

/**
 * Bearer tokens per (environment, RNC, certificate fingerprint): a tenant never receives another
 * tenant's token, and a new certificate gets its own token. Concurrent requests for the same key
 * share one authentication instead of racing DGII with several seeds.
 */
export class TokenCache {
  private tokens = new Map<string, CachedToken>();
  private pending = new Map<string, Promise<string>>();

  static key(environment: Environment, rnc: string, fingerprint: string): string {
    return `${environment}|${rnc}|${fingerprint.toLowerCase()}`;
  }

  async get(key: string, authenticate: () => Promise<CachedToken>): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached && cached.renewAt > Date.now()) return cached.token;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const promise = authenticate()
      .then((fresh) => {
        this.tokens.set(key, fresh);
        return fresh.token;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops the token after a 401, unless another caller already replaced it. */
  invalidate(key: string, token: string): void {
    if (this.tokens.get(key)?.token === token) this.tokens.delete(key);
  }

  clear(): void {
    this.tokens.clear();
  }
}
