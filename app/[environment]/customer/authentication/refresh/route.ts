import { customerAuthenticationRefreshRequestSchema } from "@/lib/schemas/customer-authentication-refresh";
import { refreshCustomerSession } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route, validateBody } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/**
 * { refreshToken } → a new { accessToken, idToken, refreshToken, expiresIn, tokenType } for this
 * environment; the presented refresh token is retired. Public: the refresh token is the credential.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const body = validateBody(
    customerAuthenticationRefreshRequestSchema,
    await readJsonBody(request, { maxBytes: 16 * 1024 }),
  );
  return json(await refreshCustomerSession(body.refreshToken, environment));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
