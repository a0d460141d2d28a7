import "server-only";

/**
 * How the first run shows itself on the console (show-secrets-once.ts): the token's line and the
 * page's line beside it. Apart from setup-token.ts (no database here), so the scripts and the
 * browser tests that read a console can import them.
 */
export const SETUP_TOKEN_LABEL = "First-run setup token";
export const SETUP_PAGE_LABEL = "First-run setup page";
export const SETUP_PATH = "/setup";
