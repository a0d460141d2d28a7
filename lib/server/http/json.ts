import "server-only";

/** A JSON response (UTF-8, no caching: every answer is per caller). */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("content-type", "application/json; charset=utf-8");
  if (!merged.has("cache-control")) merged.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: merged });
}
