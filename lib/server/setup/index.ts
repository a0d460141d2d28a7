export { ensureSetupToken, SETUP_PAGE_LABEL, SETUP_PATH, SETUP_TOKEN_LABEL } from "./setup-token";
