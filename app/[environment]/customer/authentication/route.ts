import { customerAuthenticationRequestSchema } from "@/lib/schemas/customer-authentication";
import { signInCustomer } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route, validateBody } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { clientAddressOf } from "@/lib/server/platform/http/client-address";

type Context = { params: Promise<{ environment: string }> };

/**
 * MSeller ECF's sign-in: { email, password, rnc?, otp? } → { accessToken, idToken, refreshToken, expiresIn,
 * tokenType }, the idToken bound to this environment. Public: it authenticates by the credentials,
 * throttled like POST /auth/token.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const body = validateBody(
    customerAuthenticationRequestSchema,
    await readJsonBody(request, { maxBytes: 16 * 1024 }),
  );
  return json(
    await signInCustomer({
      username: body.email,
      password: body.password,
      rnc: body.rnc,
      otp: body.otp,
      environment,
      clientAddress: clientAddressOf(request),
    }),
  );
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
