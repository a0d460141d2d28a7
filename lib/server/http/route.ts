import "server-only";

import { randomUUID } from "node:crypto";

import { AppError, isAppError } from "@/lib/errors";
import { logger } from "@/lib/server/config/logger";

import { json } from "./json";

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
 * `x-request-id`.
 */
export function route<Ctx>(
  handler: (request: Request, context: Ctx) => Promise<Response>,
): (request: Request, context: Ctx) => Promise<Response> {
  return async (request, context) => {
    const requestId = requestIdOf(request);
    const started = performance.now();
    let response: Response;
    try {
      response = await handler(request, context);
    } catch (error) {
      response = errorResponse(error, request, requestId);
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    logger.debug(
      {
        requestId,
        method: request.method,
        path: pathOf(request),
        status: response.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
    return response;
  };
}

function errorResponse(error: unknown, request: Request, requestId: string): Response {
  if (isAppError(error)) {
    if (error.status >= 500) {
      logger.error({ requestId, path: pathOf(request), code: error.code, err: error }, error.message);
    }
    const response = json(error.toBody(), error.status);
    // A throttled caller is told when to come back (RFC 9110 Retry-After, seconds).
    const retryAfter = error.extra?.retryAfter;
    if (typeof retryAfter === "number") response.headers.set("retry-after", String(retryAfter));
    return response;
  }
  logger.error({ requestId, method: request.method, path: pathOf(request), err: error }, "Unhandled error");
  const internal = new AppError(
    "INTERNAL_ERROR",
    `Error interno del servidor. Si persiste, contacte a soporte con el identificador ${requestId}.`,
  );
  return json(internal.toBody(), internal.status);
}

function pathOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return request.url;
  }
}
