import "server-only";

import type { Reply, ServiceRequest } from "./reply";

/** Who asks a query service, as its answer's call log records it, and the query's parameters. */
export interface QueryCall {
  holderId: string | null;
  call: NonNullable<Reply["call"]>;
  /** A query parameter by its name in lower case (DGII's names are case-insensitive), trimmed; "" when absent. */
  parameter: (name: string) => string;
}

/** The start of every GET query service: the bearer token's holder (null: answer 401) and the parameters. */
export async function queryCallOf({
  environment,
  request,
  url,
  state,
}: Pick<ServiceRequest, "environment" | "request" | "url" | "state">): Promise<QueryCall | null> {
  const claims = await state.credentials.verifyToken(environment, request.headers.authorization);
  if (!claims) return null;
  return {
    holderId: claims.holderId,
    call: { tokenHolderId: claims.holderId, tokenFingerprint: claims.fingerprint },
    parameter: (name) =>
      [...url.searchParams.entries()].find(([key]) => key.toLowerCase() === name)?.[1]?.trim() ?? "",
  };
}
