import { z } from "zod";

import { hasValidCheckDigit, isValidRnc } from "@/lib/domain/rnc";

/**
 * The first run (a deployment without any user): organization, first company, first administrator.
 * One set of rules for the /setup form (in the browser), its server action and `npm run setup`
 * (lib/server/setup/first-run.ts), so all three refuse the same things with the same words.
 */
export const SETUP_PASSWORD_MIN_LENGTH = 8;

export interface FirstRunMessages {
  tokenRequired: string;
  organizationRequired: string;
  companyRequired: string;
  rncInvalid: string;
  /** The check digit fails: shown until the person ticks the confirmation. */
  checkDigitUnconfirmed: string;
  emailInvalid: string;
  passwordTooShort: string;
  passwordMismatch: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function detailsShape(messages: FirstRunMessages) {
  const required = (message: string) => z.string().trim().min(1, { message }).max(200, { message });
  return {
    organizationName: required(messages.organizationRequired),
    companyName: required(messages.companyRequired),
    // Spaces and dashes as people write them (131-79391-6) are dropped: DGII's number is the digits.
    rnc: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .refine(isValidRnc, { message: messages.rncInvalid }),
    /** The person confirms an RNC or cédula whose check digit fails (DGII has issued such numbers). */
    confirmCheckDigit: z.boolean().default(false),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, { message: messages.emailInvalid })
      .regex(EMAIL_PATTERN, { message: messages.emailInvalid }),
    name: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((value) => value || undefined),
    // Not trimmed: a password may start or end with a space.
    password: z
      .string()
      .min(SETUP_PASSWORD_MIN_LENGTH, { message: messages.passwordTooShort })
      .max(500, { message: messages.passwordTooShort }),
    passwordConfirmation: z.string(),
  };
}

type Details = z.output<z.ZodObject<ReturnType<typeof detailsShape>>>;

function crossChecks(messages: FirstRunMessages) {
  return (value: Details, context: z.RefinementCtx) => {
    if (isValidRnc(value.rnc) && !hasValidCheckDigit(value.rnc) && !value.confirmCheckDigit) {
      context.addIssue({
        code: "custom",
        path: ["confirmCheckDigit"],
        message: messages.checkDigitUnconfirmed,
      });
    }
    if (value.password !== value.passwordConfirmation) {
      context.addIssue({
        code: "custom",
        path: ["passwordConfirmation"],
        message: messages.passwordMismatch,
      });
    }
  };
}

/** The details alone: `npm run setup`, where database access is the proof instead of the token. */
export function firstRunSchema(messages: FirstRunMessages) {
  return z.object(detailsShape(messages)).superRefine(crossChecks(messages));
}

/** The /setup form and its server action: the details and the setup token shown on the console. */
export function setupFormSchema(messages: FirstRunMessages) {
  return z
    .object({
      token: z.string().trim().min(1, { message: messages.tokenRequired }).max(200, {
        message: messages.tokenRequired,
      }),
      ...detailsShape(messages),
    })
    .superRefine(crossChecks(messages));
}

export type FirstRunInput = z.input<ReturnType<typeof firstRunSchema>>;
export type FirstRunDetails = z.output<ReturnType<typeof firstRunSchema>>;
export type SetupFormInput = z.input<ReturnType<typeof setupFormSchema>>;
export type SetupFormValues = z.output<ReturnType<typeof setupFormSchema>>;
