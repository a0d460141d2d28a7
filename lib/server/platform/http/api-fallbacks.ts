import "server-only";

import { isEnvironment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";

import { json } from "./json";
import { requireEnvironment } from "./require-environment";
import { route } from "./route";

/**
 * What the API answers where no handler of the contract applies, so that an integration never gets
 * an HTML page (Next's 404 page) or an empty body (Next's own 405): always `{ message, code }`.
 * - unknownApiPath: every method of the catch-all routes (app/[environment]/[...rest],
 *   app/[environment] for a path of one segment, and app/auth/[...rest]) → 404 NOT_FOUND, or 404 ENVIRONMENT_NOT_FOUND when the first segment is not
 *   one of the three environments. Next matches static segments first, so every real route wins.
 * - methodsNotAllowed: the methods a REST route does not serve → 405 METHOD_NOT_ALLOWED with Allow.
 */

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** Any route's context: `params` holds `environment` under app/[environment], nothing else is read. */
type AnyContext = { params?: Promise<unknown> } | undefined;

/** The path, cut short: it is echoed in the message and a caller controls it. */
function pathOf(request: Request): string {
  let path: string;
  try {
    path = new URL(request.url).pathname;
  } catch {
    path = request.url;
  }
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/**
 * Under app/[environment] an unknown environment is answered first, as on every REST route; a
 * first segment holding an encoded slash (`TesteCF%2Fcustomer`: Next hands it over decoded, one
 * segment) is named as what it is, not as an unknown environment.
 */
async function requireEnvironmentIfAny(context: AnyContext, request: Request): Promise<void> {
  const params = (await context?.params) as { environment?: unknown } | undefined;
  if (typeof params?.environment !== "string" || isEnvironment(params.environment)) return;
  if (/\/|%2f/i.test(params.environment)) {
    throw new AppError(
      "NOT_FOUND",
      `No existe la ruta ${request.method.slice(0, 20)} ${pathOf(request)} en la API: separe los segmentos con /, no con %2F.`,
    );
  }
  await requireEnvironment(Promise.resolve({ environment: params.environment }));
}

/** Every method of a catch-all route: JSON 404. */
export const unknownApiPath = route(async (request: Request, context: AnyContext) => {
  await requireEnvironmentIfAny(context, request);
  throw new AppError(
    "NOT_FOUND",
    `No existe la ruta ${request.method} ${pathOf(request)} en la API. Vea la referencia en /docs.`,
  );
});

/** The Allow header's value: what the route serves, HEAD with GET (Next answers it), and OPTIONS. */
function allowOf(allowed: readonly HttpMethod[]): string {
  const methods = new Set<HttpMethod>([...allowed, "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort().join(", ");
}

/**
 * Handlers for the methods a route does not serve: JSON 405 METHOD_NOT_ALLOWED naming the ones it
 * does (body and Allow header), and OPTIONS answered 204 with the same Allow (Next's automatic
 * OPTIONS would list these handlers too). A route file exports the ones it lacks:
 * `export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");`
 * They are not entry points (entry-points.ts): they let nobody in.
 */
export function methodsNotAllowed(...allowed: HttpMethod[]) {
  const allow = allowOf(allowed);
  const served = allowed.join(", ");
  const refuse = route(async (request: Request, context: AnyContext) => {
    await requireEnvironmentIfAny(context, request);
    const error = new AppError(
      "METHOD_NOT_ALLOWED",
      `El método ${request.method.slice(0, 20)} no está permitido en ${pathOf(request)}: use ${served}.`,
    );
    const response = json(error.toBody(), error.status);
    response.headers.set("allow", allow);
    return response;
  });
  const options = route(async (request: Request, context: AnyContext) => {
    await requireEnvironmentIfAny(context, request);
    return new Response(null, { status: 204, headers: { allow } });
  });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
