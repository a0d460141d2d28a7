import { authTokenRequestSchema } from "@/lib/schemas/auth-token";
import { issueIdToken } from "@/lib/server/auth";
import { json, readJsonBody, route, validateBody } from "@/lib/server/platform/http";
import { clientAddressOf } from "@/lib/server/platform/http/client-address";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

/**
 * POST /auth/token { username, password, rnc?, otp? } → { idToken, expiresIn: 3600, tokenType:
 * "Bearer" }, the idToken acting for one company. Failed sign-ins are throttled per (username,
 * client address) and per client address.
 */
export const POST = route(async (request: Request) => {
  const body = validateBody(authTokenRequestSchema, await readJsonBody(request, { maxBytes: 16 * 1024 }));
  return json(await issueIdToken({ ...body, clientAddress: clientAddressOf(request) }));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
