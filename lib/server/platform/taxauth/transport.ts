import "server-only";

import http from "node:http";
import https from "node:https";

export interface HttpAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type TransportFailure = "connect-timeout" | "response-timeout" | "network" | "aborted";

/** The authority could not be reached or did not answer: never a rejection. */
export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    message: string,
    options?: { cause?: unknown },
    /** The error hit a kept-alive socket the server had already closed (nothing was processed). */
    readonly staleSocket = false,
  ) {
    super(message, options);
    this.name = "TransportError";
  }
}

export interface TransportOptions {
  connectTimeoutMs: number;
  responseTimeoutMs: number;
}

export interface RequestOptions {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Buffer;
  signal?: AbortSignal;
  /**
   * Safe to resend when a kept-alive socket turns out closed by the server before answering
   * (GETs only: a POST that died may have been processed).
   */
  idempotent?: boolean;
}

/** node:http(s) with keep-alive agents, connect + answer timeouts and TLS 1.2+ for https. */
export class HttpTransport {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 32, minVersion: "TLSv1.2" });

  constructor(private readonly options: TransportOptions) {}

  async request(url: string, options: RequestOptions): Promise<HttpAnswer> {
    try {
      return await this.once(url, options);
    } catch (error) {
      if (error instanceof TransportError && error.staleSocket && options.idempotent)
        return this.once(url, options);
      throw error;
    }
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private once(url: string, options: RequestOptions): Promise<HttpAnswer> {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    return new Promise<HttpAnswer>((resolve, reject) => {
      if (options.signal?.aborted) return reject(new TransportError("aborted", "Solicitud cancelada."));
      const headers: Record<string, string> = { Accept: "application/json, */*", ...options.headers };
      if (options.body) headers["Content-Length"] = String(options.body.length);
      const request = (secure ? https : http).request(target, {
        method: options.method,
        headers,
        agent: secure ? this.httpsAgent : this.httpAgent,
      });
      let settled = false;
      const timers: NodeJS.Timeout[] = [];
      const finish = (error: Error | null, answer?: HttpAnswer) => {
        if (settled) return;
        settled = true;
        timers.forEach(clearTimeout);
        options.signal?.removeEventListener("abort", onAbort);
        if (error) reject(error);
        else resolve(answer!);
      };
      const fail = (failure: TransportFailure, message: string) => {
        const error = new TransportError(failure, message);
        finish(error);
        request.destroy(error);
      };
      const onAbort = () => fail("aborted", "Solicitud cancelada.");
      options.signal?.addEventListener("abort", onAbort, { once: true });

      const startAnswerTimer = () =>
        timers.push(
          setTimeout(
            () =>
              fail("response-timeout", `DGII no respondió en ${seconds(this.options.responseTimeoutMs)}.`),
            this.options.responseTimeoutMs,
          ),
        );
      timers.push(
        setTimeout(
          () =>
            fail(
              "connect-timeout",
              `No se pudo conectar con DGII en ${seconds(this.options.connectTimeoutMs)}.`,
            ),
          this.options.connectTimeoutMs,
        ),
      );
      request.on("socket", (socket) => {
        const connected = () => {
          clearTimeout(timers[0]);
          startAnswerTimer();
        };
        if (!socket.connecting) connected();
        else socket.once(secure ? "secureConnect" : "connect", connected);
      });
      request.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          finish(null, {
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks)
              .toString("utf8")
              .replace(/^\uFEFF/, ""),
          }),
        );
        response.on("error", (error) => finish(networkError(error, request.reusedSocket)));
        response.on("aborted", () =>
          finish(new TransportError("network", "La conexión se cortó durante la respuesta.")),
        );
      });
      request.on("error", (error) => finish(networkError(error, request.reusedSocket)));
      request.end(options.body);
    });
  }
}

function networkError(error: Error, reusedSocket: boolean): TransportError {
  if (error instanceof TransportError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const stale = reusedSocket && code === "ECONNRESET";
  return new TransportError(
    "network",
    `Error de red con DGII: ${code ?? error.message}`,
    { cause: error },
    stale,
  );
}

/** A timeout as the portal shows it ("25 s"): these messages reach a clerk's screen, never "25000 ms". */
function seconds(ms: number): string {
  return `${Math.max(1, Math.round(ms / 1000))} s`;
}
