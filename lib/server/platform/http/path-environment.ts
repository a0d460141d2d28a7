import "server-only";

import { isEnvironment, type Environment } from "@/lib/domain/environments";

/** The request's path, or the URL as given when it cannot be parsed. */
export function pathOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return request.url;
  }
}

/**
 * The `{environment}` path segment when it is one of the three: every REST path under
 * app/[environment] starts with it. Read from the URL so that code far from the route's params (the
 * request log, requireBearer's environment binding) sees the same value the route was matched with.
 */
export function pathEnvironmentOf(request: Request): Environment | undefined {
  const first = pathOf(request).split("/")[1] ?? "";
  return isEnvironment(first) ? first : undefined;
}
