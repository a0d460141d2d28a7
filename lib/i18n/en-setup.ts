import type { esSetup } from "./es-setup";

/** English: same keys as es-setup.ts. */
export const enSetup: typeof esSetup = {
  title: "First-run setup",
  intro:
    "This Anula deployment has no users yet. Create the organization, its first company and its first administrator.",
  token: "Setup code",
  tokenHint:
    "Shown once on the server console at start (or by npm run setup -- --new-token); it expires after 24 hours.",
  organizationSection: "Organization",
  organizationName: "Organization name",
  organizationHint: "The group or firm that one or several companies belong to.",
  companySection: "First company",
  companyName: "Legal name",
  rnc: "RNC or cédula",
  rncHint: "9 digits (RNC) or 11 (cédula).",
  checkDigitWarning:
    "The check digit of {rnc} does not match: check the number. If it is right (DGII has issued such numbers), confirm it.",
  confirmCheckDigit: "The number is right: use it anyway",
  adminSection: "First administrator",
  adminHint: "Organization administrator, and administrator, approver and operator of the company.",
  email: "E-mail",
  name: "Name (optional)",
  password: "Password",
  passwordHint: "At least 8 characters.",
  passwordConfirmation: "Repeat the password",
  submit: "Create and continue",
  submitting: "Creating…",
  done: "The first-run setup is done",
  doneIntro: "This deployment has users already: sign in with your account.",
  goToLogin: "Go to sign-in",
  network: "Could not reach the server. Check your connection and try again.",
  validation: {
    tokenRequired: "Enter the setup code shown on the server console.",
    organizationRequired: "Enter the organization's name.",
    companyRequired: "Enter the company's legal name.",
    rncInvalid: "An RNC has 9 digits and a cédula 11.",
    checkDigitUnconfirmed: "The check digit does not match: correct the number or confirm it is right.",
    emailInvalid: "The e-mail is not valid (e.g. name@company.com.do).",
    passwordTooShort: "The password must have at least 8 characters.",
    passwordMismatch: "The two passwords differ.",
  },
};
