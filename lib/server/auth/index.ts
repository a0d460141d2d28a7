/**
 * Auth for every caller: idToken, API keys, credentials, roles. The portal session (next-auth) is
 * not here: portal code imports it from ./next-auth-options (and the action guard from
 * ./require-portal-auth), so REST routes never load next-auth.
 */
export type { AuthContext, CompanyRole, ServiceScope } from "../platform/http/auth-context";
export {
  issueIdToken,
  signIdToken,
  verifyIdToken,
  requireBearer,
  requirePermission,
  ID_TOKEN_TTL_SECONDS,
} from "./id-token";
export type { IdTokenResponse } from "./id-token";
export {
  createApiKey,
  revokeApiKey,
  listApiKeys,
  requireApiKey,
  hashApiKey,
  type ApiKeySummary,
} from "./api-keys";
export { verifyUserCredentials, companiesOfUser, chooseCompany, type CompanyChoice } from "./credentials";
export { signIn, type SignInInput } from "./sign-in";
export {
  createServiceAccount,
  listServiceAccounts,
  rotateServiceAccountSecret,
  setServiceAccountDisabled,
  type ServiceAccountSummary,
} from "./service-accounts";
export { signInCustomer, refreshCustomerSession, type CustomerSession } from "./customer-sign-in";
export { revokeRefreshTokens } from "./refresh-tokens";
export { hashPassword, verifyPassword } from "./password";
export { prepareApiKey } from "./api-keys";
export { beginLoginAttempt } from "./login-throttle";
export { disableTotp } from "./second-factor";
