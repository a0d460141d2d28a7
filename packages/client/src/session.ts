import { AnulaError, type Result } from "./errors";

/** What the client signs in with: a portal user at POST /auth/token, or MSeller's sign-in. */
export type Credentials =
  | { via: "auth/token"; username: string; password: string; rnc?: string; otp?: string }
  | { via: "customer/authentication"; email: string; password: string; rnc?: string; otp?: string };

/** The tokens of a sign-in; refreshToken only from MSeller's sign-in and its refresh. */
export interface Tokens {
  idToken: string;
  refreshToken?: string;
  /** Epoch ms the idToken stops working. */
  expiresAt: number;
}

export interface SessionDeps {
  signIn: (credentials: Credentials) => Promise<Result<Tokens>>;
  refresh: (refreshToken: string) => Promise<Result<Tokens>>;
  now: () => number;
  /** Renew this long before the idToken expires, so a request never leaves with a dying token. */
  marginMs: number;
}

/** The `exp` of a JWT (epoch ms), or +∞ when the token is not a JWT the client can read. */
export function jwtExpiry(token: string): number {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Holds the idToken and renews it: with the refreshToken when there is one (each works once, so only
 * one renewal runs at a time and every caller waits for it), else by signing in again. A refresh
 * that fails in any way (401, or no answer, which may have spent the token) falls back to signing in
 * when the client has credentials.
 */
export class Session {
  private tokens: Tokens | undefined;
  private renewing: Promise<Result<Tokens>> | undefined;

  constructor(
    private readonly deps: SessionDeps,
    private readonly credentials: Credentials | undefined,
    initial?: Tokens,
  ) {
    this.tokens = initial;
  }

  current(): Tokens | undefined {
    return this.tokens;
  }

  set(tokens: Tokens): void {
    this.tokens = tokens;
  }

  /** A valid idToken, renewed first when it is about to expire. */
  async idToken(): Promise<Result<string>> {
    const tokens = this.tokens;
    if (tokens && tokens.expiresAt - this.deps.marginMs > this.deps.now()) return { data: tokens.idToken };
    const renewed = await this.renew();
    return renewed.error ? renewed : { data: renewed.data.idToken };
  }

  /** The server answered 401 to `idToken`: renew, unless another request already did. */
  async rejected(idToken: string): Promise<Result<string>> {
    if (this.tokens && this.tokens.idToken !== idToken) return { data: this.tokens.idToken };
    const renewed = await this.renew(true);
    return renewed.error ? renewed : { data: renewed.data.idToken };
  }

  /** Signs in with the client's credentials now. */
  signIn(): Promise<Result<Tokens>> {
    return this.once(() => this.signInWithCredentials());
  }

  private renew(force = false): Promise<Result<Tokens>> {
    return this.once(async () => {
      const tokens = this.tokens;
      if (!force && tokens && tokens.expiresAt - this.deps.marginMs > this.deps.now())
        return { data: tokens };
      if (tokens?.refreshToken) {
        const refreshed = await this.deps.refresh(tokens.refreshToken);
        // Spent either way: never presented again (a second use revokes the whole session).
        this.tokens = { ...tokens, refreshToken: undefined };
        if (!refreshed.error) return refreshed;
        if (!this.credentials) return refreshed;
      }
      return this.signInWithCredentials();
    });
  }

  private async signInWithCredentials(): Promise<Result<Tokens>> {
    if (!this.credentials) {
      return {
        error: new AnulaError({
          code: "NO_CREDENTIALS",
          status: 0,
          message: "The idToken expired or was refused, and the client has no credentials to sign in again",
        }),
      };
    }
    return this.deps.signIn(this.credentials);
  }

  private once(renew: () => Promise<Result<Tokens>>): Promise<Result<Tokens>> {
    this.renewing ??= renew()
      .then((result) => {
        if (result.data) this.tokens = result.data;
        return result;
      })
      .finally(() => {
        this.renewing = undefined;
      });
    return this.renewing;
  }
}
