export {
  createAccount,
  getAccount,
  createUser,
  listUsers,
  setUserDisabled,
  setUserRole,
  type AccountSummary,
  type UserSummary,
} from "./accounts";
export { ensureDemoAccount, type DemoAccountCreated } from "./demo-account";
