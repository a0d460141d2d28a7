import type { ErrorCode } from "./error-codes";

/**
 * What the portal's sign-in (next-auth authorize) throws when the username has too many failed
 * sign-ins: next-auth passes the message to signIn() as `error`, and the login form shows its own
 * text for it. A code, never the server's wording.
 */
export const LOGIN_RATE_LIMITED = "RATE_LIMITED" satisfies ErrorCode;

/** The user has a second factor: the form asks for the code and signs in again with it. */
export const LOGIN_OTP_REQUIRED = "OTP_REQUIRED" satisfies ErrorCode;

/**
 * The second factor's code was refused: not the current one (OTP_WRONG), or one already used in its
 * time window (OTP_REUSED, wait for the next). The portal's words only; the API answers
 * INVALID_CREDENTIALS for both.
 */
export const LOGIN_OTP_WRONG = "OTP_WRONG";
export const LOGIN_OTP_REUSED = "OTP_REUSED";
