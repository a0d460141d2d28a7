import "server-only";

import http from "node:http";
import https from "node:https";

import { checkWebhookUrl } from "@/lib/domain/webhook-url";
import { recordWebhookDelivery } from "@/lib/server/platform/metrics/record";

import {
  forbiddenLiteral,
  ForbiddenAddressError,
  guardedLookup,
  systemResolver,
  type Resolver,
} from "./guarded-lookup";
import type { SignedRequest } from "./signing";

/** The delivery log keeps this much of an answer (the column's limit). */
export const RESPONSE_EXCERPT_CHARS = 1_000;

/** Why an attempt failed, as counted by GET /metrics (anula_webhook_failures_total{reason}). */
export type WebhookFailureReason =
  "timeout" | "network" | "tls" | "http_status" | "redirect" | "refused_address" | "invalid_url";

export interface SendOutcome {
  delivered: boolean;
  /** The answer's HTTP status; null when none came. */
  statusCode: number | null;
  /** From the start of the attempt to the answer read (or the failure). */
  latencyMs: number;
  /** Spanish, for the delivery log; null when delivered. Never holds the secret or the body. */
  error: string | null;
  failureReason?: WebhookFailureReason;
  /** The first RESPONSE_EXCERPT_CHARS characters of the answer's body. */
  responseExcerpt: string | null;
}

export interface SendInput {
  url: string;
  request: SignedRequest;
  timeoutMs: number;
  /** Simulator mode: http:// and connections to loopback are allowed (tests deliver to 127.0.0.1). */
  allowLoopback: boolean;
  resolver?: Resolver;
}

/**
 * One POST of a webhook, guarded: the URL's rules are checked again (an endpoint saved in
 * simulator mode is not sent over http in production), the address connected to is checked at
 * connect time (guarded-lookup.ts), one deadline covers connecting and the answer, redirects are
 * never followed (a 3xx is a failure: following one would reach an unchecked URL), and only 2xx
 * delivers. At most ~1,000 characters of the answer are read. No connection is reused, so every
 * attempt resolves and checks the name afresh.
 */
export async function sendWebhook(input: SendInput): Promise<SendOutcome> {
  const outcome = await attempt(input);
  recordWebhookDelivery({
    delivered: outcome.delivered,
    durationMs: outcome.latencyMs,
    failureReason: outcome.failureReason,
  });
  return outcome;
}

function attempt(input: SendInput): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  const checked = checkWebhookUrl(input.url, { allowLoopbackHttp: input.allowLoopback });
  if (!checked.ok) {
    return Promise.resolve(failure("invalid_url", checked.problem, elapsed()));
  }
  const url = checked.url;
  const literal = forbiddenLiteral(url.hostname, input.allowLoopback);
  if (literal) return Promise.resolve(failure("refused_address", refusedMessage(literal), elapsed()));

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    let status: number | null = null;
    let excerpt = "";
    const finish = (outcome: Omit<SendOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: elapsed() });
      request.destroy();
    };
    const answered = () => finish(outcomeOfStatus(status!, excerpt));

    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(
      url,
      {
        method: "POST",
        headers: {
          ...input.request.headers,
          "content-length": String(Buffer.byteLength(input.request.body)),
        },
        lookup: guardedLookup(input.resolver ?? systemResolver, input.allowLoopback),
        agent: false,
      },
      (response) => {
        status = response.statusCode ?? 0;
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          excerpt += chunk;
          // Enough read: the rest of a large answer is neither needed nor waited for.
          if (excerpt.length >= RESPONSE_EXCERPT_CHARS) answered();
        });
        response.on("end", answered);
        // The status already came: a body cut short does not change the outcome.
        response.on("error", answered);
        response.on("aborted", answered);
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (status !== null) return answered();
      finish(failureOfError(error));
    });
    const timer = setTimeout(() => {
      if (status !== null) return answered();
      finish({
        delivered: false,
        statusCode: null,
        error: `Sin respuesta en ${input.timeoutMs} ms (tiempo agotado)`,
        failureReason: "timeout",
        responseExcerpt: null,
      });
    }, input.timeoutMs);
    request.end(input.request.body);
  });
}

function outcomeOfStatus(status: number, body: string): Omit<SendOutcome, "latencyMs"> {
  const responseExcerpt = body === "" ? null : body.slice(0, RESPONSE_EXCERPT_CHARS);
  if (status >= 200 && status < 300) {
    return { delivered: true, statusCode: status, error: null, responseExcerpt };
  }
  if (status >= 300 && status < 400) {
    return {
      delivered: false,
      statusCode: status,
      error: `Redirección (HTTP ${status}) no seguida: configure la URL final del receptor`,
      failureReason: "redirect",
      responseExcerpt,
    };
  }
  return {
    delivered: false,
    statusCode: status,
    error: `El receptor respondió HTTP ${status}`,
    failureReason: "http_status",
    responseExcerpt,
  };
}

function failure(reason: WebhookFailureReason, error: string, latencyMs: number): SendOutcome {
  return {
    delivered: false,
    statusCode: null,
    latencyMs,
    error,
    failureReason: reason,
    responseExcerpt: null,
  };
}

function refusedMessage(address: string): string {
  return `Dirección no permitida (${address}): privada, local o reservada`;
}

function failureOfError(error: NodeJS.ErrnoException): Omit<SendOutcome, "latencyMs"> {
  const base = { delivered: false, statusCode: null, responseExcerpt: null } as const;
  if (error instanceof ForbiddenAddressError) {
    return { ...base, error: refusedMessage(error.address), failureReason: "refused_address" };
  }
  const code = error.code ?? "";
  if (code === "ECONNREFUSED")
    return { ...base, error: "Conexión rechazada (ECONNREFUSED)", failureReason: "network" };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME") {
    return {
      ...base,
      error: `No se pudo resolver el nombre del receptor (${code})`,
      failureReason: "network",
    };
  }
  if (code === "ECONNRESET" || code === "EPIPE") {
    return { ...base, error: `El receptor cerró la conexión (${code})`, failureReason: "network" };
  }
  if (/^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(code)) {
    return { ...base, error: `Error TLS (${code})`, failureReason: "tls" };
  }
  return {
    ...base,
    error: `Error de red (${code || error.message.slice(0, 200)})`,
    failureReason: "network",
  };
}
