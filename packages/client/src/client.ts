import createClient, { type Client } from "openapi-fetch";

import { AnulaError, errorFromResponse, errorFromThrown, type Result } from "./errors";
import { DEFAULT_RETRY, isRetryable, retryDelayMs, type RequestKind, type RetryOptions } from "./retry";
import type { components, operations, paths } from "./schema";
import { jwtExpiry, Session, type Credentials, type Tokens } from "./session";

type Schemas = components["schemas"];
export type Environment = "TesteCF" | "CerteCF" | "eCF";
export type VoidRequest = Schemas["VoidNcfRequest"];
export type VoidRecord = Schemas["VoidRecord"];
export type VoidListPage = Schemas["VoidListResponse"];
export type DocumentRecord = Schemas["DocumentRecord"];
export type DocumentsBatchResponse = Schemas["DocumentsBatchResponse"];
/** The answers of POST void-ncf that are outcomes, not errors: Aceptado (200), Rechazado (422), held (202). */
export type VoidOutcome =
  Schemas["VoidAcceptedResponse"] | Schemas["VoidRejectedResponse"] | Schemas["VoidRequestHeld"];
export type VoidResult =
  | { data: VoidOutcome; idempotencyKey: string; error?: undefined }
  | { data?: undefined; idempotencyKey: string; error: AnulaError };

type ListQuery = NonNullable<operations["listVoids"]["parameters"]["query"]>;

export interface VoidListFilter {
  status?: ListQuery["status"];
  /** The 608 reason the attempts were sent with. */
  motivo?: ListQuery["motivo"];
  /** Inclusive, on createdAt. */
  fromDate?: number | Date;
  toDate?: number | Date;
  /** Items per page, 1–100 (the server's default 25). */
  limit?: number;
  /** Start from this cursor instead of the first page. */
  nextToken?: string;
}

export interface AnulaClientOptions {
  /** Where Anula answers, e.g. https://anula.example.do (no trailing path). */
  baseUrl: string;
  environment: Environment;
  /** Signs in on first use and again whenever the session cannot be refreshed. */
  credentials?: Credentials;
  /** An idToken obtained elsewhere (and its refreshToken, from MSeller's sign-in), instead of or besides credentials. */
  idToken?: string;
  refreshToken?: string;
  /** X-API-KEY, needed by the document endpoints. */
  apiKey?: string;
  retry?: RetryOptions;
  /** Each HTTP request's own limit (default 60 s: longer than the server's void deadline). */
  timeoutMs?: number;
  /** Renew the idToken this long before it expires (default 60 s). */
  refreshMarginMs?: number;
  fetch?: typeof globalThis.fetch;
  /** For tests: the clock, the wait between retries and the key generator. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  newIdempotencyKey?: () => string;
}

const epochMs = (date: number | Date | undefined) =>
  date === undefined ? undefined : String(typeof date === "number" ? date : date.getTime());

function listQuery(filter: VoidListFilter): ListQuery {
  const query: ListQuery = {
    status: filter.status,
    motivo: filter.motivo,
    fromDate: epochMs(filter.fromDate),
    toDate: epochMs(filter.toDate),
    limit: filter.limit === undefined ? undefined : String(filter.limit),
    nextToken: filter.nextToken,
  };
  // Absent, not "undefined": the server refuses what it does not know how to read.
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as ListQuery;
}

/** The spec recommends batch queries of about 50 e-NCF (the server takes up to 100). */
const BATCH_GROUP = 50;

export type AnulaClient = ReturnType<typeof createAnulaClient>;

/**
 * The Anula client: every method resolves to `{ data }` or `{ error: AnulaError }` and never throws
 * (the list iterators throw the AnulaError, having no other channel). Sign-in, token renewal and the
 * spec's retry rules are handled here; `api` is the typed openapi-fetch client for every other
 * endpoint, signed in, without retries.
 */
export function createAnulaClient(options: AnulaClientOptions) {
  const { environment } = options;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const newKey = options.newIdempotencyKey ?? (() => globalThis.crypto.randomUUID());
  const timeoutMs = options.timeoutMs ?? 60_000;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const http: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    // Looked up per call, so a test or polyfill installed later is used.
    fetch: (request) => fetchImpl(request),
  });
  const env = { path: { environment } };

  const tokensOf = (body: { idToken: string; expiresIn: number; refreshToken?: string }): Tokens => ({
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    expiresAt: now() + body.expiresIn * 1000,
  });

  /** One request with the retry rules of its kind; `auth` adds the idToken (and renews it on 401, once). */
  async function call<T>(
    kind: RequestKind,
    auth: boolean,
    send: (
      headers: Record<string, string>,
      signal: AbortSignal,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>,
    accept: (response: Response) => boolean = (response) => response.ok,
  ): Promise<Result<T>> {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {};
      let idToken = "";
      if (auth) {
        const token = await session.idToken();
        if (token.error) return token;
        idToken = token.data;
        headers.authorization = `Bearer ${idToken}`;
        if (options.apiKey) headers["x-api-key"] = options.apiKey;
      }
      let error: AnulaError;
      try {
        const { data, error: body, response } = await send(headers, AbortSignal.timeout(timeoutMs));
        if (accept(response)) return { data: (response.ok ? data : body) as T };
        error = errorFromResponse(response, body);
      } catch (thrown) {
        error = errorFromThrown(thrown);
      }
      // 401 means nothing was done (spec retry rule 3): renew the idToken once and send again.
      if (auth && error.status === 401 && !renewed) {
        renewed = true;
        const token = await session.rejected(idToken);
        if (token.error) return token;
        attempt--;
        continue;
      }
      if (attempt >= retry.attempts || !isRetryable(kind, error)) return { error };
      const delay = retryDelayMs(attempt, error, retry);
      if (delay === undefined) return { error };
      await sleep(delay);
    }
  }

  const session = new Session(
    {
      now,
      marginMs: options.refreshMarginMs ?? 60_000,
      signIn: async (credentials) => {
        const signedIn =
          credentials.via === "auth/token"
            ? await call<Schemas["AuthTokenResponse"]>("signIn", false, (headers, signal) =>
                http.POST("/auth/token", {
                  headers,
                  signal,
                  body: {
                    username: credentials.username,
                    password: credentials.password,
                    ...(credentials.rnc ? { rnc: credentials.rnc } : {}),
                    ...(credentials.otp ? { otp: credentials.otp } : {}),
                  },
                }),
              )
            : await call<Schemas["CustomerAuthenticationResponse"]>("signIn", false, (headers, signal) =>
                http.POST("/{environment}/customer/authentication", {
                  params: env,
                  headers,
                  signal,
                  body: {
                    email: credentials.email,
                    password: credentials.password,
                    ...(credentials.rnc ? { rnc: credentials.rnc } : {}),
                    ...(credentials.otp ? { otp: credentials.otp } : {}),
                  },
                }),
              );
        return signedIn.error ? signedIn : { data: tokensOf(signedIn.data) };
      },
      refresh: async (refreshToken) => {
        const refreshed = await call<Schemas["CustomerAuthenticationResponse"]>(
          "refresh",
          false,
          (headers, signal) =>
            http.POST("/{environment}/customer/authentication/refresh", {
              params: env,
              headers,
              signal,
              body: { refreshToken },
            }),
        );
        return refreshed.error ? refreshed : { data: tokensOf(refreshed.data) };
      },
    },
    options.credentials,
    options.idToken
      ? {
          idToken: options.idToken,
          refreshToken: options.refreshToken,
          expiresAt: jwtExpiry(options.idToken),
        }
      : undefined,
  );

  // The typed client for the endpoints without a method here (webhooks, sequences, void requests…).
  const api: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: (request) => fetchImpl(request),
  });
  api.use({
    async onRequest({ request }) {
      const token = await session.idToken();
      if (token.error) throw token.error;
      request.headers.set("authorization", `Bearer ${token.data}`);
      if (options.apiKey && !request.headers.has("x-api-key"))
        request.headers.set("x-api-key", options.apiKey);
      return request;
    },
  });

  async function listPage(filter: VoidListFilter = {}): Promise<Result<VoidListPage>> {
    return call<VoidListPage>("read", true, (headers, signal) =>
      http.GET("/{environment}/customer/void-ncf", {
        params: { ...env, query: listQuery(filter) },
        headers,
        signal,
      }),
    );
  }

  async function* listPages(filter: VoidListFilter = {}): AsyncGenerator<VoidListPage, void, undefined> {
    let nextToken = filter.nextToken;
    do {
      const page = await listPage({ ...filter, nextToken });
      if (page.error) throw page.error;
      yield page.data;
      nextToken = page.data.nextToken;
    } while (nextToken);
  }

  return {
    environment,
    /** The typed openapi-fetch client, signed in (idToken and X-API-KEY added), no retries. */
    api,

    /** Signs in with the client's credentials now (else on first use); returns the tokens. */
    signIn: (): Promise<Result<Tokens>> => session.signIn(),
    /** The current tokens (keep the newest refreshToken: each works once). */
    tokens: (): Tokens | undefined => session.current(),

    /**
     * POST void-ncf with an Idempotency-Key: the caller's, or a new one per call. The key is returned
     * with the outcome or the error; a later resend of the same void must use it, so the server answers
     * with the attempt it knows instead of sending DGII a second document.
     */
    async void(body: VoidRequest, init: { idempotencyKey?: string } = {}): Promise<VoidResult> {
      const idempotencyKey = init.idempotencyKey ?? newKey();
      const result = await call<VoidOutcome>(
        "void",
        true,
        (headers, signal) =>
          http.POST("/{environment}/customer/void-ncf", {
            params: { ...env, header: { "Idempotency-Key": idempotencyKey } },
            headers,
            signal,
            body,
          }),
        // 422 Rechazado is DGII's verdict on a stored attempt: an outcome, like 200 and 202.
        (response) => response.ok || response.status === 422,
      );
      return result.error
        ? { error: result.error.withIdempotencyKey(idempotencyKey), idempotencyKey }
        : { data: result.data, idempotencyKey };
    },

    /** One void attempt by voidId (404 VOID_NOT_FOUND). */
    getVoid: (voidId: string): Promise<Result<VoidRecord>> =>
      call<VoidRecord>("read", true, (headers, signal) =>
        http.GET("/{environment}/customer/void-ncf", {
          params: { ...env, query: { voidId } },
          headers,
          signal,
        }),
      ),

    /** Extension: the signed ANECF of an attempt, exactly as sent. */
    getVoidXml: (voidId: string): Promise<Result<string>> =>
      call<string>("read", true, (headers, signal) =>
        http.GET("/{environment}/customer/void-ncf/{voidId}/xml", {
          params: { path: { environment, voidId } },
          headers,
          signal,
          parseAs: "text",
        }),
      ),

    /** One page of void attempts, newest first. */
    listVoidsPage: listPage,
    /** Every page, following nextToken until it is absent; throws AnulaError on a failed page. */
    listVoidPages: listPages,
    /** Every void attempt, newest first, across pages; throws AnulaError on a failed page. */
    async *listVoids(filter: VoidListFilter = {}): AsyncGenerator<VoidRecord, void, undefined> {
      for await (const page of listPages(filter)) yield* page.items;
    },

    /** Status of one e-CF (needs apiKey; 404 DOCUMENT_NOT_FOUND). */
    getDocument: (ecf: string): Promise<Result<DocumentRecord>> =>
      call<DocumentRecord>("read", true, (headers, signal) =>
        http.GET("/{environment}/documentos-ecf", { params: { ...env, query: { ecf } }, headers, signal }),
      ),

    /**
     * Status of many e-CF (needs apiKey), one result per entry in order; sent in groups of 50, as the
     * spec recommends, so any number can be asked.
     */
    async getDocumentsStatus(ecfs: string[]): Promise<Result<DocumentsBatchResponse>> {
      const results: DocumentsBatchResponse["results"] = [];
      for (let start = 0; start === 0 || start < ecfs.length; start += BATCH_GROUP) {
        const group = ecfs.slice(start, start + BATCH_GROUP);
        const answer = await call<DocumentsBatchResponse>("read", true, (headers, signal) =>
          http.POST("/{environment}/documentos-ecf/status/batch", {
            params: env,
            headers,
            signal,
            body: { ecfs: group },
          }),
        );
        if (answer.error) return answer;
        results.push(...answer.data.results);
      }
      return { data: { total: results.length, results } };
    },
  };
}
