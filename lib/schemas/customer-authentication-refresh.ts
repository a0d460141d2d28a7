import { z } from "zod";

/** POST /{environment}/customer/authentication/refresh request body. */
export const customerAuthenticationRefreshRequestSchema = z.object({
  refreshToken: z
    .string({ error: "refreshToken es obligatorio." })
    .trim()
    .min(1, "refreshToken es obligatorio.")
    .max(512)
    .describe("The newest refreshToken of the session (each one works once)"),
});

export type CustomerAuthenticationRefreshRequest = z.infer<typeof customerAuthenticationRefreshRequestSchema>;
