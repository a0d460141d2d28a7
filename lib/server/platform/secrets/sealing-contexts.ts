import "server-only";

/**
 * The context each sealed secret is bound to (encryption.ts): a ciphertext moved to another row or
 * column does not open. One table, because the key rotation re-seals every one of them.
 */
export const p12Context = (organizationId: string) => `anula:certificate:p12:${organizationId}`;
export const passwordContext = (organizationId: string) => `anula:certificate:password:${organizationId}`;
export const totpSecretContext = (userId: string) => `anula:user:totp:${userId}`;
