import "server-only";

import { randomUUID } from "node:crypto";

import { AppError, isAppError } from "@/lib/errors";
import { logger } from "@/lib/server/platform/config/logger";
import { isDraining, trackRequest } from "@/lib/server/platform/ops/lifecycle";

import { json } from "./json";
import { pathEnvironmentOf, pathOf } from "./path-environment";
import { currentRequestFields, runWithRequestContext } from "./request-context";
import { checkRequestInput } from "./request-input";
import { applyApiSecurityHeaders } from "./security-headers";

const REQUEST_ID_HEADER = "x-request-id";
/** A caller's own request id is kept only when it is short and plain (it ends up in our logs). */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The one wrapper of every REST route handler: an AppError becomes its JSON body
 * `{ message, code, errors?, ...extra }` with its status; anything else is logged with the request id
 * and answered 500 `{ message, code: "INTERNAL_ERROR" }` without internals. Every response carries
 * `x-request-id` and the API's security headers (security-headers.ts), and every request leaves
 * one JSON log line (request id, method, path, environment, status, duration, plus what the use
 * case annotated: RNC, voidId). Path ids and query parameters are checked before the handler runs
 * (request-input.ts). While the process drains for a shutdown, new requests are answered
 * 503 so the load balancer retries them on another instance.
 */
export function route<Ctx>(
  handler: (request: Request, context: Ctx) => Promise<Response>,
  options: RouteOptions = {},
): (request: Request, context: Ctx) => Promise<Response> {
  return (request, context) => {
    const requestId = requestIdOf(request);
    return runWithRequestContext(requestId, () =>
      trackRequest(async () => {
        const started = performance.now();
        let response: Response;
        try {
          if (isDraining() && !options.operational) throw shuttingDown();
          // Probes and documents take no ids and read no parameter into a query.
          if (!options.operational) await checkRequestInput(request, context);
          response = await handler(request, context);
        } catch (error) {
          response = errorResponse(error, request, requestId);
        }
        response.headers.set(REQUEST_ID_HEADER, requestId);
        applyApiSecurityHeaders(response, request);
        logger[options.operational ? "debug" : "info"](
          {
            requestId,
            method: request.method,
            path: pathOf(request),
            environment: pathEnvironmentOf(request),
            ...currentRequestFields(),
            status: response.status,
            durationMs: Math.round(performance.now() - started),
          },
          "request",
        );
        return response;
      }),
    );
  };
}

export interface RouteOptions {
  /**
   * Health and readiness probes: still answered while draining (they report it themselves), and
   * logged at debug level only (a load balancer polls them every few seconds).
   */
  operational?: boolean;
}

function shuttingDown(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "El servicio se está reiniciando; reintente en unos segundos.", {
    extra: { retryAfter: 5 },
  });
}

function errorResponse(error: unknown, request: Request, requestId: string): Response {
  if (isAppError(error)) {
    // 503s are expected conditions (draining, DGII's announced outage), logged where they arise.
    if (error.status >= 500 && error.status !== 503) {
      logger.error({ requestId, path: pathOf(request), code: error.code, err: error }, error.message);
    }
    const response = json(error.toBody(), error.status);
    // A throttled caller is told when to come back (RFC 9110 Retry-After, seconds).
    const retryAfter = error.extra?.retryAfter;
    if (typeof retryAfter === "number") response.headers.set("retry-after", String(retryAfter));
    // The rest of a refused body was never read: a kept-alive connection would take those bytes as
    // its next request and hang. Closing it is the only safe end (a client reconnects).
    if (error.code === "PAYLOAD_TOO_LARGE") response.headers.set("connection", "close");
    return response;
  }
  logger.error({ requestId, method: request.method, path: pathOf(request), err: error }, "Unhandled error");
  const internal = new AppError(
    "INTERNAL_ERROR",
    `Error interno del servidor. Si persiste, contacte a soporte con el identificador ${requestId}.`,
  );
  return json(internal.toBody(), internal.status);
}
