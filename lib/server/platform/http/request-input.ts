import "server-only";

import { AppError } from "@/lib/errors";
import { unsafeTextProblem } from "@/lib/schemas/safe-text";

/**
 * What every REST request's path and query must be before its handler runs, checked once in the
 * route wrapper so no handler can forget it:
 * - an id in the path (`%00` decodes to U+0000, which PostgreSQL refuses: a 500) holds no control
 *   character and no lone surrogate (safe-text.ts, as an id);
 * - every query parameter is single-valued (no endpoint of this API takes a list in the query: a
 *   repeated `status=` was read as one of the two and answered an empty page) and holds no such
 *   character either.
 * Both answer 400 INVALID_PARAMETER naming the parameter. The environment segment is left to
 * requireEnvironment (a fixed list: 404 ENVIRONMENT_NOT_FOUND), the catch-all's segments to the
 * JSON 404 of api-fallbacks.ts (they reach no database).
 */
export async function checkRequestInput(request: Request, context: unknown): Promise<void> {
  const params = await paramsOf(context);
  for (const [name, value] of Object.entries(params)) {
    if (name === "environment" || typeof value !== "string") continue;
    const problem = unsafeTextProblem(`El identificador ${name} de la ruta`, value, "id");
    if (problem) throw invalidParameter(name, problem);
  }
  const seen = new Set<string>();
  for (const [name, value] of new URL(request.url).searchParams) {
    const nameProblem = unsafeTextProblem("El nombre de un parámetro", name, "id");
    if (nameProblem) throw invalidParameter("query", nameProblem);
    if (seen.has(name)) {
      throw invalidParameter(
        name,
        `El parámetro ${name} aparece más de una vez; envíelo una sola vez (ningún parámetro de esta API admite varios valores).`,
      );
    }
    seen.add(name);
    const problem = unsafeTextProblem(`El parámetro ${name}`, value, "id");
    if (problem) throw invalidParameter(name, problem);
  }
}

function invalidParameter(parameter: string, message: string): AppError {
  return new AppError("INVALID_PARAMETER", message, { extra: { parameter: parameter.slice(0, 64) } });
}

/** Next passes `{ params: Promise<…> }` to a dynamic route's handler, nothing to a static one. */
async function paramsOf(context: unknown): Promise<Record<string, unknown>> {
  if (typeof context !== "object" || context === null || !("params" in context)) return {};
  const params: unknown = await (context as { params: unknown }).params;
  return typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
}
