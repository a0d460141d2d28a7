import { z } from "zod";

import { signInExtensionFields } from "./sign-in-extensions";

/** POST /auth/token request body. */
export const authTokenRequestSchema = z.object({
  username: z
    .string({ error: "username es obligatorio." })
    .trim()
    .min(1, "username es obligatorio.")
    .max(320)
    .describe("A user's e-mail, or a service account's clientId (sa_…)"),
  password: z
    .string({ error: "password es obligatorio." })
    .min(1, "password es obligatorio.")
    .max(1024)
    .describe("The user's password, or one of the service account's secrets"),
  ...signInExtensionFields,
});

export type AuthTokenRequest = z.infer<typeof authTokenRequestSchema>;

/** POST /auth/token response body. */
export const authTokenResponseSchema = z.object({
  idToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
});

export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;
