import "server-only";

import type { CompanyRole } from "@/lib/domain/roles";
import { createApiKey, signIdToken, type AuthContext } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { uploadCertificate, type CertificateSummary } from "@/lib/server/certificates";
import { generatePkcs12, generateRsaKeyPem } from "@/lib/server/platform/signing/generate-pkcs12";

import { createAccount, createUser } from "./accounts";

export interface TestAccount {
  auth: AuthContext;
  /** A valid idToken of the user ("Authorization: Bearer …"). */
  idToken: string;
  password: string;
  apiKey?: string;
  certificate?: CertificateSummary;
}

let counter = 0;

/**
 * The key of every certificate this process's test accounts get: each certificate is still its own
 * (subject, serial, fingerprint), and no test tells two apart by their key; a new key per account
 * was most of a certificate's cost.
 */
let certificateKey: string | undefined;

/** What a user who was "admin" before organizations became (ROLES_OF_LEGACY_ROLE.admin). */
export const FULL_ROLES: CompanyRole[] = ["administrator", "approver", "operator"];

/**
 * For tests (after createTestDatabase): an organization with one company and one user (by default
 * organization administrator and administrator + approver + operator of the company), and
 * optionally an API key and an active generated certificate. Each call gets a distinct RNC and
 * e-mail unless given.
 */
export async function createTestAccount(
  options: {
    rnc?: string;
    email?: string;
    roles?: CompanyRole[];
    organizationAdmin?: boolean;
    apiKey?: boolean;
    certificate?: boolean;
  } = {},
): Promise<TestAccount> {
  counter += 1;
  const suffix = `${process.pid % 1000}${counter}`.padStart(6, "0").slice(-6);
  const rnc = options.rnc ?? `131${suffix}`;
  const password = "test-password-1";
  const account = await createAccount({ rnc, name: `Cuenta ${rnc}` });
  const user = await createUser({
    accountId: account.id,
    email: options.email ?? `user-${rnc}@test.local`,
    password,
    roles: options.roles ?? FULL_ROLES,
    organizationAdmin: options.organizationAdmin ?? !options.roles,
  });
  const auth = await loadActiveUser(user.id, account.id);
  if (!auth) throw new Error("createTestAccount: the user has no role in the company");
  const result: TestAccount = { auth, idToken: await signIdToken(auth), password };
  if (options.apiKey) result.apiKey = (await createApiKey(account.id, "test")).key;
  if (options.certificate) {
    const p12Password = "p12-password";
    certificateKey ??= generateRsaKeyPem();
    const { p12 } = generatePkcs12({ rnc, password: p12Password, privateKeyPem: certificateKey });
    result.certificate = await uploadCertificate(account.id, p12, p12Password);
  }
  return result;
}
