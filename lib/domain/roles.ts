/**
 * A portal user's role in their account, least to most: viewers read, operators also void and
 * import, admins also manage the account (certificate, users, API keys). Shared by the server's
 * checks and the portal's navigation.
 */
export type UserRole = "admin" | "operator" | "viewer";
