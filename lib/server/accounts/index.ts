export {
  changeOwnPassword,
  checkNewPassword,
  createAccount,
  createCompany,
  createOrganization,
  createUser,
  endUserSessions,
  getAccount,
  inviteUser,
  listCompaniesOfOrganization,
  listCompanyMembers,
  listOrganizationMembers,
  requireHomeOrganizationOf,
  resetUserPassword,
  setMemberRoles,
  setUserDisabled,
  type AccountSummary,
  type CompanyMemberSummary,
  type UserSummary,
} from "./accounts";
export { ensureDemoAccount, type DemoAccountCreated } from "./demo-account";
export {
  passwordResetByEmailAvailable,
  passwordResetLinkUsable,
  requestPasswordReset,
  resetPasswordWithToken,
} from "./password-reset";
