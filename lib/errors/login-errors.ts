import type { ErrorCode } from "./error-codes";

/**
 * What the portal's sign-in (next-auth authorize) throws when the username has too many failed
 * sign-ins: next-auth passes the message to signIn() as `error`, and the login form shows its own
 * text for it. A code, never the server's wording.
 */
export const LOGIN_RATE_LIMITED = "RATE_LIMITED" satisfies ErrorCode;

/** The user has a second factor: the form asks for the code and signs in again with it. */
export const LOGIN_OTP_REQUIRED = "OTP_REQUIRED" satisfies ErrorCode;
