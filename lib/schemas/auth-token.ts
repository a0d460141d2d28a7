import { z } from "zod";

/** POST /auth/token request body; also the portal's sign-in form. */
export const authTokenRequestSchema = z.object({
  username: z
    .string({ error: "username es obligatorio." })
    .trim()
    .min(1, "username es obligatorio.")
    .max(320),
  password: z.string({ error: "password es obligatorio." }).min(1, "password es obligatorio.").max(1024),
});

export type AuthTokenRequest = z.infer<typeof authTokenRequestSchema>;

/** POST /auth/token response body. */
export const authTokenResponseSchema = z.object({
  idToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
});

export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;
