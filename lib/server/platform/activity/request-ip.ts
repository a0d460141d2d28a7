import "server-only";

import { headers } from "next/headers";

import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { clientAddressOf, UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";

import { byOf, type ActivityBy } from "./record-activity";

/**
 * The client address of the request being served (portal actions and pages: Next's headers()), as
 * the sign-in throttle reads it (TRUST_PROXY honoured; IPv6 by /64), or null when unknown or outside
 * a request (a test, a script).
 */
export async function requestIp(): Promise<string | null> {
  try {
    const address = clientAddressOf(await headers());
    return address === UNKNOWN_ADDRESS ? null : address;
  } catch {
    return null;
  }
}

/** Who acts in a portal action: the signed-in caller and the request's address. */
export async function portalBy(
  auth: Pick<AuthContext, "principal" | "userId" | "actor">,
): Promise<ActivityBy> {
  return byOf(auth, await requestIp());
}

/** The same for a REST request (route handlers have the Request itself). */
export function requestBy(
  auth: Pick<AuthContext, "principal" | "userId" | "actor">,
  request: Request,
): ActivityBy {
  const address = clientAddressOf(request);
  return byOf(auth, address === UNKNOWN_ADDRESS ? null : address);
}
