import { z } from "zod";

import { signInExtensionFields } from "./sign-in-extensions";

/** POST /{environment}/customer/authentication request body (MSeller ECF's sign-in). */
export const customerAuthenticationRequestSchema = z.object({
  email: z
    .string({ error: "email es obligatorio." })
    .trim()
    .min(1, "email es obligatorio.")
    .max(320)
    .describe("The user's e-mail (the portal's username), or a service account's clientId (sa_…)"),
  password: z
    .string({ error: "password es obligatorio." })
    .min(1, "password es obligatorio.")
    .max(1024)
    .describe("The user's password, or one of the service account's secrets"),
  ...signInExtensionFields,
});

export type CustomerAuthenticationRequest = z.infer<typeof customerAuthenticationRequestSchema>;

/** The answer of the sign-in and of its refresh (customer-authentication-refresh.ts). */
export const customerAuthenticationResponseSchema = z.object({
  accessToken: z
    .string()
    .describe("The same JWT as idToken (MSeller returns both; its clients send idToken)"),
  idToken: z
    .string()
    .describe(
      "JWT for `Authorization: Bearer`; valid only under this environment's paths (401 UNAUTHORIZED elsewhere)",
    ),
  refreshToken: z
    .string()
    .describe(
      "Opaque (anula_rt_…); exchange it at /{environment}/customer/authentication/refresh. Single use: keep the newest one",
    ),
  expiresIn: z.number().int().describe("Seconds the idToken is valid (3600)"),
  tokenType: z.literal("Bearer"),
});

export type CustomerAuthenticationResponse = z.infer<typeof customerAuthenticationResponseSchema>;
