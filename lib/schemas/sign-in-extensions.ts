import { z } from "zod";

/**
 * The fields every sign-in with credentials accepts besides the username and password (extensions:
 * POST /auth/token and MSeller's POST /{environment}/customer/authentication).
 */
export const signInExtensionFields = {
  rnc: z
    .string({ error: "rnc debe ser texto." })
    .trim()
    .regex(/^(\d{9}|\d{11})$/, "rnc debe tener 9 u 11 dígitos.")
    .optional()
    .describe(
      "Extension: the company (RNC) the token acts for. Required when the user belongs to several (400 RNC_REQUIRED lists them); a service account's token is always for its own company",
    ),
  otp: z
    .string({ error: "otp debe ser texto." })
    .trim()
    .max(16)
    .optional()
    .describe(
      "Extension: the current 6-digit code of the user's authenticator app, when the user has a second factor (401 OTP_REQUIRED otherwise)",
    ),
};
