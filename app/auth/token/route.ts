import { AppError } from "@/lib/errors";
import { authTokenRequestSchema } from "@/lib/schemas/auth-token";
import { issueIdToken } from "@/lib/server/auth";
import { json, readJsonBody, route } from "@/lib/server/http";
import { clientAddressOf } from "@/lib/server/http/client-address";

/**
 * POST /auth/token { username, password } → { idToken, expiresIn: 3600, tokenType: "Bearer" }.
 * Failed sign-ins are throttled per (e-mail, client address) and per client address.
 */
export const POST = route(async (request: Request) => {
  const parsed = authTokenRequestSchema.safeParse(await readJsonBody(request, { maxBytes: 16 * 1024 }));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: issue.path.join("."),
      code: "VALIDATION_FAILED" as const,
      message: issue.message,
    }));
    throw new AppError("VALIDATION_FAILED", errors.map((error) => error.message).join(" "), { errors });
  }
  return json(await issueIdToken(parsed.data.username, parsed.data.password, clientAddressOf(request)));
});
